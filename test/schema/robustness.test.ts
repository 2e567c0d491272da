import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { InvalidDocumentError } from '../../src/core/errors.ts'
import { loadTwinSync, parseScenario, parseTwin } from '../../src/schema/index.ts'
import { fixture } from './helpers.ts'

const twinValue = JSON.parse(
  JSON.stringify(loadTwinSync(fixture('valid/payments.twin.yaml'))),
) as unknown
const scenarioText = readFileSync(fixture('valid/refund-timeout.scenario.yaml'), 'utf8')
const twin = loadTwinSync(fixture('valid/payments.twin.yaml'))

/** Every path to a node of a JSON value. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const paths = [at]
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) paths.push(...pathsOf(item, [...at, index]))
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) paths.push(...pathsOf(child, [...at, key]))
  }
  return paths
}

/** A copy of `value` with the node at `path` replaced (or, with `undefined`, removed). */
function replaced(value: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next
  const copy = structuredClone(value) as Record<string | number, unknown>
  let parent = copy
  for (const segment of path.slice(0, -1))
    parent = parent[segment] as Record<string | number, unknown>
  const last = path.at(-1)!
  if (next === undefined && Array.isArray(parent)) parent.splice(Number(last), 1)
  else if (next === undefined) delete parent[last]
  else parent[last] = next
  return copy
}

/** Parses or refuses with an `InvalidDocumentError`; anything else escaping is a bug. */
function parsesOrRefuses(run: () => unknown): boolean {
  try {
    run()
    return true
  } catch (error) {
    if (error instanceof InvalidDocumentError && error.problems.length > 0) return true
    throw error
  }
}

const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined))

describe('a damaged document is refused with problems, never with a crash', () => {
  test('twins with one part replaced by any JSON value', () => {
    const paths = pathsOf(twinValue)
    fc.assert(
      fc.property(fc.constantFrom(...paths), anyJson, (path, next) => {
        const text = JSON.stringify(replaced(twinValue, path, next) ?? null)
        expect(parsesOrRefuses(() => parseTwin(text, 'damaged.twin.json'))).toBe(true)
      }),
      { numRuns: 150, seed: 42 },
    )
  }, 60_000)

  test('scenarios with one line removed or duplicated', () => {
    const lines = scenarioText.split('\n')
    fc.assert(
      fc.property(fc.nat(lines.length - 1), fc.boolean(), (index, duplicate) => {
        const damaged = [...lines]
        if (duplicate) damaged.splice(index, 0, lines[index]!)
        else damaged.splice(index, 1)
        const text = damaged.join('\n')
        expect(parsesOrRefuses(() => parseScenario(text, 'damaged.yaml', { twin }))).toBe(true)
      }),
      { numRuns: 100, seed: 7 },
    )
  }, 60_000)

  test('arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(parsesOrRefuses(() => parseTwin(text, 'noise.yaml'))).toBe(true)
      }),
      { numRuns: 200, seed: 3 },
    )
  }, 60_000)
})
