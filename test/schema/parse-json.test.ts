import { describe, expect, test } from 'vitest'
import { scanJsonText } from '../../src/schema/duplicate-keys.ts'
import { readJsonDocument } from '../../src/schema/parse-json.ts'
import { parseYamlSource } from '../../src/schema/parse-yaml.ts'

// A `.json` document is read by JSON.parse; the same text under a `.yaml`
// name goes through the YAML reader. Both must give the same value, the same
// problems and the same positions: the fast path is never a different answer.

const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`

const corpus: Record<string, string> = {
  'a plain object':
    '{\n  "apiVersion": "agenttwin/twin.v1",\n  "state": { "orders": { "o_1": { "total": 40, "tags": ["a", "b"] } } }\n}\n',
  'escapes in keys and values': '{"a\\u0062": "x\\"y", "b\\\\": "\\\\", "c": "\\/"}',
  'a key repeated in one object': '{\n  "state": {\n    "a": 1,\n    "b": 2,\n    "a": 3\n  }\n}',
  'a key repeated after an escape spells it the same': '{"ab": 1, "a\\u0062": 2}',
  'equal keys in different objects': '{"x": {"a": 1}, "y": {"a": 2}, "a": [ {"a": 1}, {"a": 2} ]}',
  'nesting past the depth limit': deep(70),
  'nesting just inside the limit': deep(63),
  'a number JSON cannot hold': '{"big": 1e999}',
  'a syntax error': '{\n  "name" "demo"\n}',
  'a trailing comma': '{"a": 1,}',
  'an array root': '[1, 2]',
  'an empty text': '   \n',
  'a byte-order mark': '\uFEFF{"a": 1}',
  'quotes and brackets inside strings': '{"a": "{[\\"]}", "b": "\\\\"}',
}

describe('a .json document read by JSON.parse', () => {
  for (const [name, text] of Object.entries(corpus)) {
    test(`gives what the YAML reader gives: ${name}`, () => {
      const fast = parseYamlSource(text, '/docs/doc.json')
      const yaml = parseYamlSource(text, '/docs/doc.yaml')
      const where = (problems: { file: string }[] = []) =>
        problems.map(({ file, ...rest }) => ({ ...rest, file: file.replace(/\.(json|yaml)$/, '') }))
      expect(fast.ok).toBe(yaml.ok)
      expect(where(fast.problems)).toEqual(where(yaml.problems))
      if (fast.ok && yaml.ok) expect(fast.parsed.value).toEqual(yaml.parsed.value)
    })
  }

  test('locates a value and a key where the YAML reader does', () => {
    const text = corpus['a plain object']!
    const fast = parseYamlSource(text, 'doc.json')
    const yaml = parseYamlSource(text, 'doc.yaml')
    if (!fast.ok || !yaml.ok) throw new Error('both read')
    for (const path of [
      ['apiVersion'],
      ['state', 'orders', 'o_1', 'total'],
      ['state', 'orders', 'o_1', 'tags', 1],
      ['state', 'orders', 'o_9'],
      [],
    ]) {
      for (const at of ['key', 'value'] as const) {
        expect(fast.parsed.locate(path, at), `${path.join('.')} ${at}`).toEqual(
          yaml.parsed.locate(path, at),
        )
      }
    }
  })

  test('keeps no YAML tree: only the text and the value', () => {
    const read = readJsonDocument('{"a": 1}', 'doc.json', 64)
    expect(read && Object.keys(read).sort()).toEqual(['file', 'locate', 'source', 'value'])
  })
})

describe('scanJsonText', () => {
  test('finds the first repeated key at its offset', () => {
    expect(scanJsonText('{"a":1,"a":2}', 64)).toEqual({ kind: 'duplicate-key', offset: 7 })
  })

  test('finds the container that opens the level past the limit', () => {
    expect(scanJsonText('{"a":[[1]]}', 2)).toEqual({ kind: 'too-deep', offset: 6 })
    expect(scanJsonText('{"a":[1]}', 2)).toBeUndefined()
  })

  test('reads 200,000 keys in one object without a quadratic check', () => {
    const keys = Array.from({ length: 200_000 }, (_, i) => `"k${i}":${i}`)
    expect(scanJsonText(`{${keys.join(',')}}`, 64)).toBeUndefined()
    expect(scanJsonText(`{${keys.join(',')},"k7":0}`, 64)?.kind).toBe('duplicate-key')
  })
})
