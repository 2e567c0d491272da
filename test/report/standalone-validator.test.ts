import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { ValidateFunction } from 'ajv'
import { describe, expect, test } from 'vitest'
import { comparisonReportSchema } from '../../src/compare/report-schema.ts'
import { standaloneValidatorsSource } from '../../src/schema/standalone-validators.ts'
import { createDocumentAjv } from '../../src/schema/validators.ts'

// The module the build writes to dist/report/, evaluated as Node would load it.
function loadStandalone(): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> }
  new Function(
    'require',
    'module',
    'exports',
    standaloneValidatorsSource({ report: comparisonReportSchema }),
  )(createRequire(import.meta.url), module, module.exports)
  return module.exports
}

const ahead = loadStandalone().report!
const compiled = createDocumentAjv().compile(comparisonReportSchema)
const report = JSON.parse(
  readFileSync(new URL('./fixtures/trials-report.json', import.meta.url), 'utf8'),
) as Record<string, unknown>

describe("the reporter's precompiled report validator", () => {
  test('accepts a report as the run-time compiled schema does', () => {
    expect(compiled(report)).toBe(true)
    expect(ahead(report)).toBe(true)
  })

  test('rejects what the schema rejects, with the same errors', () => {
    const broken = { ...report, gate: { status: 'MAYBE' }, stray: 1 }
    expect(compiled(broken)).toBe(false)
    expect(ahead(broken)).toBe(false)
    expect(ahead.errors).toEqual(compiled.errors)
  })
})
