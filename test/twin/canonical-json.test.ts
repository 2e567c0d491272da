import { describe, expect, it } from 'vitest'
import { canonicalJson, digest } from '../../src/core/canonical-json.ts'
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
})

describe('digest', () => {
  it('is sha256 of the canonical text', () => {
    expect(digest({})).toBe(
      'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
    )
    expect(digest({ a: 1 })).not.toBe(digest({ a: 2 }))
  })
})
