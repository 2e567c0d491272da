import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { MAX_ALIAS_COUNT, parseYamlSource } from '../../src/schema/parse-yaml.ts'
import { fixture, shown, where } from './helpers.ts'

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
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "doc.yaml:4:3 YAML error: Flow sequence in block collection must be sufficiently indented and end with a ] at metadata.version. Fix: indent nested entries with spaces, the same amount for siblings, and close every \`[\` or \`{\` opened before this point",
      ]
    `)
  })

  test('a duplicate key is refused where it is repeated', () => {
    const file = fixture('twin/duplicate-key.twin.yaml')
    const found = problems(readFileSync(file, 'utf8'), file)
    expect(where(found)).toEqual(['11:5 tools[0].risk'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/duplicate-key.twin.yaml:11:5 YAML error: Map keys must be unique; "risk" is already a key of this mapping at line 10 at tools[0].risk. Fix: keep one of the two entries with this key (or rename one)",
      ]
    `)
  })

  test('every repeated key is refused, in block and flow mappings, JSON included, naming the first', () => {
    const found = problems(
      [
        'apiVersion: agenttwin/twin.v1',
        'state:',
        '  orders: { a: 1, b: 2, a: 3 }',
        '  1: one',
        '  "1": again',
        'list: [{ x: 1 }, { x: 1, x: 2 }]',
        '',
      ].join('\n'),
    )
    expect(where(found)).toEqual(['3:25 state.orders.a', '5:3 state["1"]', '6:26 list[1].x'])
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "doc.yaml:3:25 YAML error: Map keys must be unique; "a" is already a key of this mapping at line 3 at state.orders.a. Fix: keep one of the two entries with this key (or rename one)",
        "doc.yaml:5:3 YAML error: Map keys must be unique; "1" is already a key of this mapping at line 4 at state["1"]. Fix: keep one of the two entries with this key (or rename one)",
        "doc.yaml:6:26 YAML error: Map keys must be unique; "x" is already a key of this mapping at line 6 at list[1].x. Fix: keep one of the two entries with this key (or rename one)",
      ]
    `)
    const json = problems('{"apiVersion": "x", "state": {"k": 1, "k": 2}}')
    expect(where(json)).toEqual(['1:39 state.k'])
  })

  test('a mapping of 40,000 distinct keys is read whole, and one repeat among them is found', () => {
    const keys = Array.from({ length: 40_000 }, (_, index) => `  key_${index}: ${index}`)
    const source = `apiVersion: agenttwin/twin.v1\nstate:\n${keys.join('\n')}\n`
    const result = parseYamlSource(source, 'big.yaml')
    expect(result.ok && Object.keys(result.parsed.value.state as object)).toHaveLength(40_000)
    const repeated = problems(`${source}  key_17: again\n`)
    expect(where(repeated)).toEqual(['40003:3 state.key_17'])
  }, 120_000)

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
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "<repo>/test/schema/fixtures/twin/list-root.twin.yaml:1:1 the document must be a mapping of \`key: value\` entries, found a list. Fix: start the file with \`apiVersion: ...\` and write the fields as \`key: value\` lines",
      ]
    `)
    expect(shown(problems('just text'))).toMatchInlineSnapshot(`
      [
        "doc.yaml:1:1 the document must be a mapping of \`key: value\` entries, found a single value. Fix: start the file with \`apiVersion: ...\` and write the fields as \`key: value\` lines",
      ]
    `)
  })

  test('a second document in the same file is refused', () => {
    const found = problems('a: 1\n---\nb: 2\n')
    expect(found[0]).toMatchObject({ line: 2, column: 1 })
    // Said to the document's author, not in the YAML library's words to its caller.
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "doc.yaml:2:1 YAML error: the file holds more than one YAML document (a second \`---\` starts another). Fix: keep one document per file (remove the second \`---\` and what follows)",
      ]
    `)
  })

  test('a tag asking to construct something is refused: documents are data only', () => {
    const found = problems('a: !!js/function "return 1"\n')
    expect(found[0]).toMatchObject({ line: 1, column: 4, path: 'a' })
    expect(shown(found)).toMatchInlineSnapshot(`
      [
        "doc.yaml:1:4 YAML warning: Unresolved tag: tag:yaml.org,2002:js/function at a. Fix: remove the \`!\` tag: documents are data only, nothing in them is executed or constructed",
      ]
    `)
  })

  test('YAML values that JSON cannot hold are refused: .inf, .nan, !!timestamp', () => {
    expect(where(problems('a:\n  b: [1, .inf]\n'))).toEqual(['2:10 a.b[1]'])
    expect(problems('a: .nan\n')[0]!.message).toBe('.nan is not a JSON number')
    expect(shown(problems('a: !!timestamp 2026-01-01\n'))).toMatchInlineSnapshot(`
      [
        "doc.yaml:1:4 YAML warning: Unresolved tag: tag:yaml.org,2002:timestamp at a. Fix: remove the \`!\` tag: documents are data only, nothing in them is executed or constructed",
      ]
    `)
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
