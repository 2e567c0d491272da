#!/usr/bin/env node
// Writes the JSON Schema files editors read (schemas/<kind>.v1.json) from the
// one schema source in src/schema, and the loader's standalone validators
// (dist/schema/document-validators.cjs) and the reporter's
// (dist/report/report-validator.cjs). The schema modules are bundled for
// this script alone (dist/ holds only the package's entries and chunks).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'rolldown'

const root = fileURLToPath(new URL('..', import.meta.url))
// Inside the project, so the bundle's imports of ajv resolve.
const scratch = `${root}node_modules/.cache/agenttwin-schemas/`
rmSync(scratch, { recursive: true, force: true })
await build({
  input: {
    schemas: `${root}src/schema/index.ts`,
    standalone: `${root}src/schema/standalone-validators.ts`,
    report: `${root}src/compare/report-schema.ts`,
    reportFile: `${root}src/report/report-validator-file.ts`,
  },
  platform: 'node',
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
  logLevel: 'warn',
  output: { dir: scratch, format: 'esm', entryFileNames: '[name].js' },
})
const load = (name) => import(pathToFileURL(`${scratch}${name}.js`).href)
const { attackSchema, contractSchema, scenarioSchema, twinSchema } = await load('schemas')

const files = {
  'twin.v1.json': { title: 'AgentTwin twin (agenttwin/twin.v1)', schema: twinSchema },
  'scenario.v1.json': {
    title: 'AgentTwin scenario (agenttwin/scenario.v1)',
    schema: scenarioSchema,
  },
  'contract.v1.json': {
    title: 'AgentTwin outcome contract (agenttwin/contract.v1)',
    schema: contractSchema,
  },
  'attack.v1.json': {
    title: 'AgentTwin attack (agenttwin/attack.v1)',
    schema: attackSchema,
  },
}
mkdirSync(`${root}schemas`, { recursive: true })
for (const [name, { title, schema }] of Object.entries(files)) {
  const document = { $schema: 'http://json-schema.org/draft-07/schema#', title, ...schema }
  writeFileSync(`${root}schemas/${name}`, `${JSON.stringify(document, null, 2)}\n`)
}

// The loader's validators compiled ahead, so no test file compiles them again.
const { documentValidatorsSource, PRECOMPILED_VALIDATORS_FILE } = await load('standalone')
mkdirSync(`${root}dist/schema`, { recursive: true })
writeFileSync(`${root}dist/${PRECOMPILED_VALIDATORS_FILE}`, documentValidatorsSource())
// The reporter's report-schema validator, compiled ahead for the same reason.
const { standaloneValidatorsSource } = await load('standalone')
const { comparisonReportSchema } = await load('report')
const { REPORT_VALIDATOR_FILE } = await load('reportFile')
mkdirSync(`${root}dist/report`, { recursive: true })
writeFileSync(
  `${root}dist/${REPORT_VALIDATOR_FILE}`,
  standaloneValidatorsSource({ report: comparisonReportSchema }),
)
rmSync(scratch, { recursive: true, force: true })
