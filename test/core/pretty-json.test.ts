import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { prettyJsonPieces, writeJsonFile } from '../../src/core/pretty-json.ts'

// The JSON report is written in pieces so that a big run's report is never one string;
// what lands on disk must be JSON.stringify(report, null, 2), byte for byte.
const report = JSON.parse(
  readFileSync(new URL('../report/fixtures/trials-report.json', import.meta.url), 'utf8'),
) as unknown

const awkward = {
  text: 'two\nlines, "quoted", tab\t and unicode ✓ \u2028',
  empty: { object: {}, array: [], string: '' },
  dropped: undefined,
  fn: () => 1,
  sym: Symbol('s'),
  list: [1, undefined, () => 2, Symbol('t'), null, [[], [{}]], { only: undefined }],
  when: new Date(Date.UTC(2026, 0, 5, 9)),
  custom: { toJSON: (key: string) => ({ key, nested: [1, { deep: [true, false] }] }) },
  boxed: [Object(5), Object('five'), Object(false)],
  numbers: [0, -0, 1.5e300, -2, Number.NaN, Number.POSITIVE_INFINITY],
  deep: { a: { b: { c: { d: { e: ['f', { g: 'h' }] } } } } },
  __proto__: null,
}

describe('prettyJsonPieces', () => {
  test.each([
    ['a trials report', report],
    ['awkward values (dropped, null in arrays, toJSON, boxed, empty containers)', awkward],
    ['an array at the top', [awkward, [report], 'x']],
    ['a plain value', 'just a string'],
  ])('joins to JSON.stringify(value, null, 2) for %s, at every split depth', (_, value) => {
    const whole = JSON.stringify(value, null, 2)
    for (const split of [0, 1, 2, 3, 4, 8]) {
      expect([...prettyJsonPieces(value, split)].join('')).toBe(whole)
    }
  })

  test('no piece is more than one value below the split: a run of many cases, a case at a time', () => {
    const run = { runs: Array.from({ length: 50 }, (_, index) => ({ index, report })) }
    const pieces = [...prettyJsonPieces(run, 2)]
    const one = JSON.stringify({ index: 10, report }, null, 2).replaceAll('\n', '\n    ')
    expect(Math.max(...pieces.map((piece) => piece.length))).toBe(one.length)
    expect(pieces.join('')).toBe(JSON.stringify(run, null, 2))
  })

  test('refuses a value JSON cannot write, as JSON.stringify gives no text for it', () => {
    expect(() => [...prettyJsonPieces(undefined)]).toThrow(/a value JSON cannot write/)
  })
})

test('writeJsonFile writes that text and a newline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agenttwin-pretty-json-'))
  try {
    const file = join(dir, 'report.json')
    // Larger than one write chunk, so the text goes out in several writes.
    const big = { runs: Array.from({ length: 200 }, (_, index) => ({ index, report })) }
    writeJsonFile(file, big)
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(big, null, 2)}\n`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
