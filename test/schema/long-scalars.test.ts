import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import { isScalar, LineCounter, parseDocument } from 'yaml'
import { composeDocument } from '../../src/schema/long-scalars.ts'
import { parseYamlSource } from '../../src/schema/parse-yaml.ts'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const OPTIONS = { uniqueKeys: false, strict: true, resolveKnownTags: false } as const

/** What the library itself makes of a text: value, errors and every scalar's range. */
function reading(source: string, compose: typeof parseDocument | typeof composeDocument) {
  const doc = compose(source, { ...OPTIONS, lineCounter: new LineCounter() })
  const ranges: unknown[] = []
  const walk = (node: unknown): void => {
    if (isScalar(node)) ranges.push([node.value, node.range])
    else if (node && typeof node === 'object' && 'items' in node) {
      for (const item of (node as { items: unknown[] }).items) {
        if (item && typeof item === 'object' && 'key' in item) {
          walk((item as { key: unknown }).key)
          walk((item as unknown as { value: unknown }).value)
        } else walk(item)
      }
    }
  }
  walk(doc.contents)
  return {
    value: doc.toJS(),
    errors: doc.errors.map((error) => [error.code, error.pos]),
    ranges,
  }
}

const long = (text: string) => text.repeat(Math.ceil(100_000 / text.length))

describe('long double-quoted strings', () => {
  test.each([
    ['a long plain string', `a: 1\nnote: "${long('x y ')}"  # c\nb: [2]\n`],
    ['one in a list and a flow map', `- "${long('ab')}"\n- { k: "${long('é ')}", z: 1 }\n`],
    [
      'with escapes',
      `note: "${long('a\\tb\\u00e9\\x41\\U0001F600\\\\\\"\\0\\a\\b\\e\\f\\n\\r\\v\\N\\_\\L\\P\\ \\/\\\t ')}"\n`,
    ],
    ['with a bad escape (left to the library)', `note: "${long('a')}\\q"\n`],
    ['with a short hex escape (left to the library)', `note: "${long('a')}\\x4"\n`],
    ['with a code point past Unicode (left to the library)', `note: "${long('a')}\\UFFFFFFFF"\n`],
    ['with a lone surrogate', `note: "${long('a')}\\uD800"\n`],
    ['over two lines (left to the library)', `note: "${long('a ')}\n  b"\n`],
    ['with a tag (left to the library)', `note: !!str "${long('a')}"\n`],
    ['anchored and aliased', `a: &n "${long('q')}"\nb: *n\n`],
    ['an error after it', `note: "${long('a')}"\nbad: [1\n`],
    ['unclosed', `note: "${long('a')}\n`],
    ['a second document after it', `a: "${long('a')}"\n---\nb: 1\n`],
    ['a long key (refused by the library)', `"${long('k')}": 1\nb: 2\n`],
    ['a long key in a flow mapping', `{ "${long('k')}": 1, b: "${long('v')}" }\n`],
    ['a long key with its value on the next line', `? "${long('k')}"\n: 1\n`],
  ])('%s reads as the library reads it', (_name, source) => {
    expect(reading(source, composeDocument)).toEqual(reading(source, parseDocument))
  })

  test('a problem after a long string is located at its own line and column', () => {
    const result = parseYamlSource(`note: "${long('a')}"\nnote: 2\n`, 'doc.yaml')
    expect(result.ok).toBe(false)
    expect(result.ok ? [] : result.problems).toMatchObject([{ line: 2, column: 1, path: 'note' }])
  })

  test('a 15 MB string costs memory in proportion to its size', () => {
    const size = 15 * 1024 * 1024
    const source = `note: "${'a'.repeat(size)}"\n`
    gc()
    const before = process.memoryUsage().heapUsed
    const result = parseYamlSource(source, 'big.yaml')
    gc()
    const held = process.memoryUsage().heapUsed - before
    expect(result.ok && (result.parsed.value.note as string).length).toBe(size)
    // Built a character at a time, as the library does, the value held 20+ bytes per character.
    expect(held, `${held} bytes held for a ${size}-character string`).toBeLessThan(4 * size)
  })

  test('a string of escapes costs memory in proportion to its size', () => {
    const source = `note: "${'ab\\tc\\u00e9'.repeat(1_000_000)}"\n`
    gc()
    const before = process.memoryUsage().heapUsed
    const result = parseYamlSource(source, 'escapes.yaml')
    gc()
    const held = process.memoryUsage().heapUsed - before
    expect(result.ok && (result.parsed.value.note as string).slice(0, 5)).toBe('ab\tcé')
    expect(held, `${held} bytes held for a ${source.length}-character text`).toBeLessThan(
      4 * source.length,
    )
  })
})
