import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename } from 'node:path'
import type { ValidateFunction } from 'ajv'
import { globSync } from 'tinyglobby'
import { describe, expect, test } from 'vitest'
import { parse } from 'yaml'
import { documentValidatorsSource } from '../../src/schema/standalone-validators.ts'
import { createDocumentAjv, DOCUMENT_SCHEMAS } from '../../src/schema/validators.ts'

// The build's standalone module, evaluated as Node would load it from dist/.
function loadStandalone(): Record<string, ValidateFunction> {
  const module = { exports: {} as Record<string, ValidateFunction> }
  const require = createRequire(import.meta.url)
  new Function('require', 'module', 'exports', documentValidatorsSource())(
    require,
    module,
    module.exports,
  )
  return module.exports
}

const standalone = loadStandalone()
const compiled = createDocumentAjv()
const kindOf = (file: string) => basename(file).split('.').at(-2) as keyof typeof DOCUMENT_SCHEMAS
const documents = globSync(
  ['test/schema/fixtures/**/*.yaml', 'examples/*/{scenarios,twins,contracts}/*.yaml'],
  { ignore: ['**/alias-bomb.*', '**/duplicate-key.*'] },
).sort()

describe('the precompiled document validators', () => {
  test('cover every document kind', () => {
    expect(Object.keys(standalone).sort()).toEqual(Object.keys(DOCUMENT_SCHEMAS).sort())
  })

  test.each(documents)('judge %s exactly as the run-time compiled schema does', (file) => {
    const kind = kindOf(file)
    const value = parse(readFileSync(file, 'utf8'))
    const validate = compiled.compile(DOCUMENT_SCHEMAS[kind])
    const ahead = standalone[kind]!
    expect(ahead(value)).toBe(validate(value))
    expect(ahead.errors ?? null).toEqual(validate.errors ?? null)
  })

  test('reject what the schema rejects, with the same errors', () => {
    const broken = { apiVersion: 'agenttwin/twin.v1', metadata: { name: 1 }, tools: [{}] }
    const validate = compiled.compile(DOCUMENT_SCHEMAS.twin)
    expect(standalone.twin!(broken)).toBe(false)
    expect(validate(broken)).toBe(false)
    expect(standalone.twin!.errors).toEqual(validate.errors)
  })
})
