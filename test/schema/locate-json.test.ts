import { describe, expect, it } from 'vitest'
import { lineColumnOf, locateJsonValue } from '../../src/schema/locate-json.ts'

const text = JSON.stringify(
  { a: [1, { 'b.c': 'x', d: [true, null] }], e: { '"q"': -2.5e3 } },
  null,
  2,
)

function at(path: (string | number)[]): string {
  const { line, column } = locateJsonValue(text, path)
  return text.split('\n')[line - 1]!.slice(column - 1)
}

describe('locateJsonValue', () => {
  it('points at the value of a path, through arrays, odd keys and escapes', () => {
    expect(at(['a', 0])).toBe('1,')
    expect(at(['a', 1, 'b.c'])).toBe('"x",')
    expect(at(['a', 1, 'd', 1])).toBe('null')
    expect(at(['e', '"q"'])).toBe('-2500')
    expect(at([])).toBe('{')
  })

  it('points at the nearest existing parent of a path that does not exist', () => {
    expect(at(['a', 1, 'missing'])).toBe('{')
    expect(at(['a', 7])).toBe('[')
    expect(at(['nowhere'])).toBe('{')
  })

  it('reads a document nested 100,000 levels deep without recursion', () => {
    const deep = `{"x":${'['.repeat(100_000)}1${']'.repeat(100_000)}}`
    expect(locateJsonValue(deep, ['x', 0, 0])).toEqual({ line: 1, column: 8 })
  })
})

describe('lineColumnOf', () => {
  it('counts lines and columns from 1', () => {
    expect(lineColumnOf('ab\ncd', 0)).toEqual({ line: 1, column: 1 })
    expect(lineColumnOf('ab\ncd', 4)).toEqual({ line: 2, column: 2 })
  })
})
