import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { MAX_ALIAS_COUNT, parseYamlSource } from '../../src/schema/parse-yaml.ts'
import { fixture, where } from './helpers.ts'

function problems(source: string, file = 'doc.yaml') {
  const result = parseYamlSource(source, file)
  if (result.ok) throw new Error('expected the document to be refused')
  return result.problems
}

describe('parseYamlSource', () => {
  test('a YAML syntax error becomes a problem at its line and column', () => {
    const found = problems(
      'apiVersion: agenttwin/twin.v1\nmetadata:\n  name: [shop\n  version: 1\n',
    )
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({
      file: 'doc.yaml',
      line: 4,
      column: 3,
      path: 'metadata.version',
    })
    expect(found[0]!.fix).toContain('close every `[`')
    expect(found[0]!.message).toMatch(/^YAML error: Flow sequence/)
    expect(found[0]!.message).not.toContain('\n')
  })

  test('a duplicate key is refused where it is repeated', () => {
    const file = fixture('twin/duplicate-key.twin.yaml')
    const found = problems(readFileSync(file, 'utf8'), file)
    expect(where(found)).toEqual(['11:5 tools[0].risk'])
    expect(found[0]!.message).toContain('Map keys must be unique')
    expect(found[0]!.fix).toContain('keep one of the two entries')
  })

  test('an alias bomb stops at the alias limit instead of expanding', () => {
    const file = fixture('twin/alias-bomb.twin.yaml')
    const found = problems(readFileSync(file, 'utf8'), file)
    expect(where(found)).toEqual(['3:8 b[0]'])
    expect(found[0]!.message).toBe(
      `aliases expand to more than ${MAX_ALIAS_COUNT} nodes (an alias bomb)`,
    )
  })

  test('a few aliases are fine', () => {
    const result = parseYamlSource('a: &x { n: 1 }\nb: *x\n', 'doc.yaml')
    expect(result.ok && result.parsed.value).toEqual({ a: { n: 1 }, b: { n: 1 } })
  })

  test('an empty document or one with comments only is refused at 1:1', () => {
    for (const source of ['', '# nothing here\n']) {
      const found = problems(source)
      expect(where(found)).toEqual(['1:1 '])
      expect(found[0]!.message).toBe('the document is empty')
    }
  })

  test('a root that is not a mapping is refused', () => {
    const file = fixture('twin/list-root.twin.yaml')
    const found = problems(readFileSync(file, 'utf8'), file)
    expect(where(found)).toEqual(['1:1 '])
    expect(found[0]!.message).toContain('found a list')
    expect(problems('just text')[0]!.message).toContain('found a single value')
  })

  test('a second document in the same file is refused', () => {
    const found = problems('a: 1\n---\nb: 2\n')
    expect(found[0]).toMatchObject({ line: 2, column: 1 })
    expect(found[0]!.fix).toContain('one document per file')
  })

  test('a tag asking to construct something is refused: documents are data only', () => {
    const found = problems('a: !!js/function "return 1"\n')
    expect(found[0]).toMatchObject({ line: 1, column: 4, path: 'a' })
    expect(found[0]!.fix).toContain('data only')
  })

  test('YAML values that JSON cannot hold are refused: .inf, .nan, !!timestamp', () => {
    expect(where(problems('a:\n  b: [1, .inf]\n'))).toEqual(['2:10 a.b[1]'])
    expect(problems('a: .nan\n')[0]!.message).toBe('.nan is not a JSON number')
    expect(problems('a: !!timestamp 2026-01-01\n')[0]!.message).toContain('Unresolved tag')
  })

  test('JSON text parses too, with positions', () => {
    const result = parseYamlSource('{\n  "a": {\n    "b": [1, 2]\n  }\n}\n', 'doc.json')
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.parsed.value).toEqual({ a: { b: [1, 2] } })
    expect(result.parsed.locate(['a', 'b', 1])).toEqual({ line: 3, column: 14 })
    expect(result.parsed.locate(['a', 'b'], 'key')).toEqual({ line: 3, column: 5 })
  })

  test('a missing field points at its nearest existing parent', () => {
    const result = parseYamlSource(
      'tools:\n  - name: a\n    handler:\n      kind: read\n',
      'x.yaml',
    )
    if (!result.ok) throw new Error('expected a valid document')
    expect(result.parsed.locate(['tools', 0, 'handler', 'target'])).toEqual({ line: 4, column: 7 })
    expect(result.parsed.locate(['tools', 0, 'handler', 'target'], 'key')).toEqual({
      line: 3,
      column: 5,
    })
    expect(result.parsed.locate(['tools', 5, 'name'])).toEqual({ line: 2, column: 3 })
  })

  test('a __proto__ key stays plain data', () => {
    const result = parseYamlSource('__proto__: { polluted: true }\n', 'x.yaml')
    if (!result.ok) throw new Error('expected a valid document')
    expect(Object.getPrototypeOf(result.parsed.value)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
