import { describe, expect, it } from 'vitest'
import { canonicalJson, digest, jsonEquals } from '../../src/core/canonical-json.ts'
import { NotJsonError } from '../../src/core/errors.ts'

describe('canonicalJson', () => {
  it('sorts keys at every depth and drops whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}',
    )
  })

  it('drops undefined fields and renders undefined array items as null', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}')
  })

  it('gives equal text for equal data built in different orders', () => {
    const one = { x: 1, y: { p: true, q: null } }
    const two = { y: { q: null, p: true }, x: 1 }
    expect(canonicalJson(one)).toBe(canonicalJson(two))
    expect(digest(one)).toBe(digest(two))
  })

  it('drops paths, with * matching every key or item', () => {
    const value = { orders: { o_1: { at: 1, total: 2 }, o_2: { at: 3, total: 4 } }, at: 5 }
    expect(canonicalJson(value, { dropPaths: ['orders.*.at'] })).toBe(
      '{"at":5,"orders":{"o_1":{"total":2},"o_2":{"total":4}}}',
    )
    expect(canonicalJson([{ a: 1, b: 2 }], { dropPaths: ['*.b'] })).toBe('[{"a":1}]')
  })

  it.each([
    ['a function', { f: () => 1 }],
    ['a non-finite number', { n: Number.NaN }],
    ['a bigint', { n: 1n }],
    ['undefined itself', undefined],
  ])('throws NOT_JSON for %s', (_, value) => {
    expect(() => canonicalJson(value)).toThrow(NotJsonError)
  })

  it('throws NOT_JSON for cycles but accepts shared references', () => {
    const shared = { a: 1 }
    expect(canonicalJson({ x: shared, y: shared })).toBe('{"x":{"a":1},"y":{"a":1}}')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => canonicalJson(cyclic)).toThrow(/cycle/)
  })

  it('names the path of a value without a JSON form', () => {
    expect(() => canonicalJson({ orders: { o_1: { items: [1, Number.NaN] } } })).toThrow(
      expect.objectContaining({ path: 'orders.o_1.items.1' }),
    )
  })

  it('writes a hole in an array as null, as JSON.stringify does', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    const sparse = [1, , 3]
    expect(canonicalJson(sparse)).toBe(JSON.stringify(sparse))
  })
})

describe('jsonEquals', () => {
  const cyclic: Record<string, unknown> = { a: 1 }
  cyclic.self = cyclic
  class Money {
    constructor(readonly amount: number) {}
  }
  const values: unknown[] = [
    null,
    0,
    -0,
    1,
    '1',
    true,
    false,
    '',
    [],
    {},
    [null],
    [undefined],
    // biome-ignore lint/suspicious/noSparseArray: a hole is written as null
    [, 1],
    [null, 1],
    [1, 2],
    [2, 1],
    { a: 1 },
    { a: 1, b: undefined },
    { b: undefined, a: 1 },
    { a: 1, b: 2 },
    { b: 2, a: 1 },
    { a: [1, { c: 'x' }] },
    { a: [1, { c: 'y' }] },
    Object.assign(Object.create(null), { a: 1 }),
    JSON.parse('{"__proto__": {"a": 1}}'),
    JSON.parse('{"__proto__": {"a": 2}}'),
    { at: new Date(0) },
    { at: '1970-01-01T00:00:00.000Z' },
    { toJSON: () => ({ a: 1 }) },
    new Money(1),
    { n: Number.NaN },
    { f: () => 1 },
    { big: 1n },
    cyclic,
    { deep: nested(300) },
    { deep: nested(300) },
  ]

  function nested(depth: number): unknown {
    let value: unknown = 'bottom'
    for (let level = 0; level < depth; level++) value = { next: value }
    return value
  }

  function byText(a: unknown, b: unknown): boolean | 'throws' {
    try {
      return canonicalJson(a) === canonicalJson(b)
    } catch {
      return 'throws'
    }
  }

  function answer(a: unknown, b: unknown): boolean | 'throws' {
    try {
      return jsonEquals(a, b)
    } catch (error) {
      expect(error).toBeInstanceOf(NotJsonError)
      return 'throws'
    }
  }

  it('answers as comparing the canonical texts would, for every pair, throws included', () => {
    const disagreements: string[] = []
    values.forEach((a, i) => {
      values.forEach((b, j) => {
        const expected = byText(a, b)
        if (answer(a, b) !== expected)
          disagreements.push(`values[${i}] vs values[${j}]: ${expected}`)
      })
    })
    expect(disagreements).toEqual([])
    // The list holds equal pairs, unequal pairs and pairs that throw.
    const answers = new Set(values.flatMap((a) => values.map((b) => byText(a, b))))
    expect(answers).toEqual(new Set([true, false, 'throws']))
  })

  it('treats undefined as equal only to undefined', () => {
    expect(jsonEquals(undefined, undefined)).toBe(true)
    expect(jsonEquals(undefined, null)).toBe(false)
    expect(jsonEquals({ a: undefined }, {})).toBe(true)
  })
})

describe('digest', () => {
  it('is sha256 of the canonical text', () => {
    expect(digest({})).toBe(
      'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    )
    expect(digest({ a: 1 })).not.toBe(digest({ a: 2 }))
  })
})
