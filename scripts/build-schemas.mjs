#!/usr/bin/env node
// Writes the JSON Schema files editors read (schemas/<kind>.v1.json) from the
// one schema source in src/schema, as compiled into dist/ by the build, and
// the loader's standalone validators (dist/schema/document-validators.cjs).
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const { contractSchema, scenarioSchema, twinSchema } = await import(`${root}dist/schema/index.js`)

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
}
mkdirSync(`${root}schemas`, { recursive: true })
for (const [name, { title, schema }] of Object.entries(files)) {
  const document = { $schema: 'http://json-schema.org/draft-07/schema#', title, ...schema }
  writeFileSync(`${root}schemas/${name}`, `${JSON.stringify(document, null, 2)}\n`)
}

// The loader's validators compiled ahead, so no test file compiles them again.
const { documentValidatorsSource, PRECOMPILED_VALIDATORS_FILE } = await import(
  `${root}dist/schema/standalone-validators.js`
)
writeFileSync(`${root}dist/schema/${PRECOMPILED_VALIDATORS_FILE}`, documentValidatorsSource())
