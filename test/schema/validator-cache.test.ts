import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { CACHE_DIR_ENV } from '../../src/schema/cache-folder.ts'

// Each tool's input validator is compiled once and kept as standalone code;
// a later process (an isolated test file's worker) evaluates it instead of
// loading ajv's compiler. Each run below is a fresh process, as a worker is.
const script = fileURLToPath(
  new URL('./fixtures/validator-cache/validate-in-a-fresh-process.mts', import.meta.url),
)

const refundInput = {
  type: 'object',
  required: ['order_id', 'amount'],
  additionalProperties: false,
  properties: {
    order_id: { type: 'string', pattern: '^ORD-' },
    amount: { type: 'number', minimum: 0 },
    email: { type: 'string', format: 'email' },
  },
}

interface Outcome {
  valid: boolean
  errors: unknown
  compilerLoaded: boolean
}

let cacheRoot: string

function validateInFreshProcess(
  schema: object,
  args: object,
  mode: 'checked' | 'unchecked',
  env: Record<string, string> = { [CACHE_DIR_ENV]: cacheRoot },
): Outcome {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', script, JSON.stringify(schema), JSON.stringify(args), mode],
    {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  return JSON.parse(output) as Outcome
}

const cachedFiles = () => readdirSync(join(cacheRoot, 'validators')).sort()

beforeEach(() => {
  cacheRoot = mkdtempSync(join(tmpdir(), 'agenttwin-validator-cache-'))
})
afterEach(() => rmSync(cacheRoot, { recursive: true, force: true }))

describe('input validators kept as standalone code', () => {
  test('the first process compiles and keeps one file; the next judges the same without the compiler', () => {
    const bad = { order_id: 'X-1', amount: -5, email: 'not-an-email', extra: true }
    const first = validateInFreshProcess(refundInput, bad, 'unchecked')
    expect(first.compilerLoaded).toBe(true)
    expect(cachedFiles()).toHaveLength(1)

    const again = validateInFreshProcess(refundInput, bad, 'unchecked')
    expect(again.compilerLoaded).toBe(false)
    expect(again).toEqual({ ...first, compilerLoaded: false })
    expect(first.valid).toBe(false)
    expect((first.errors as { keyword: string }[]).map((error) => error.keyword).sort()).toEqual([
      'additionalProperties',
      'format',
      'minimum',
      'pattern',
    ])

    const good = validateInFreshProcess(refundInput, { order_id: 'ORD-1', amount: 40 }, 'checked')
    expect(good).toEqual({ valid: true, errors: null, compilerLoaded: false })
  }, 240_000)

  test('a validator the loader compiled (schema already checked) serves only checked schemas', () => {
    validateInFreshProcess(refundInput, {}, 'checked')
    expect(validateInFreshProcess(refundInput, {}, 'checked').compilerLoaded).toBe(false)
    // A twin built in code must still have its schema checked against the meta-schema.
    expect(validateInFreshProcess(refundInput, {}, 'unchecked').compilerLoaded).toBe(true)
    expect(cachedFiles()).toHaveLength(2)
  }, 240_000)

  test('an edited schema is a new file, never the old one', () => {
    validateInFreshProcess(refundInput, {}, 'unchecked')
    const stricter = { ...refundInput, required: ['order_id', 'amount', 'email'] }
    const outcome = validateInFreshProcess(stricter, { order_id: 'ORD-1', amount: 4 }, 'unchecked')
    expect(outcome.compilerLoaded).toBe(true)
    expect(outcome.valid).toBe(false)
    expect(cachedFiles()).toHaveLength(2)
  }, 240_000)

  test('a damaged file is compiled again and replaced', () => {
    validateInFreshProcess(refundInput, {}, 'unchecked')
    const [file] = cachedFiles()
    const path = join(cacheRoot, 'validators', file!)
    writeFileSync(path, 'module.exports = (')
    const outcome = validateInFreshProcess(
      refundInput,
      { order_id: 'ORD-1', amount: 4 },
      'unchecked',
    )
    expect(outcome).toEqual({ valid: true, errors: null, compilerLoaded: true })
    expect(readFileSync(path, 'utf8')).toMatch(/^"use strict";module\.exports = validate/)
  }, 240_000)

  test('an empty AGENTTWIN_CACHE_DIR turns the cache off', () => {
    const off = { [CACHE_DIR_ENV]: '' }
    validateInFreshProcess(refundInput, {}, 'unchecked', off)
    expect(validateInFreshProcess(refundInput, {}, 'unchecked', off).compilerLoaded).toBe(true)
    expect(readdirSync(cacheRoot)).toEqual([])
  }, 240_000)

  test('a schema that does not compile is never kept', () => {
    const misspelt = { type: 'object', requird: ['order_id'] }
    expect(() => validateInFreshProcess(misspelt, {}, 'unchecked')).toThrow(
      /strict mode: unknown keyword: "requird"/,
    )
    expect(readdirSync(cacheRoot)).toEqual([])
  }, 240_000)
})
