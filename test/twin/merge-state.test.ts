import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import { mergeState, UnsafePathError } from '../../src/twin/index.ts'

describe('mergeState', () => {
  it('merges objects recursively; arrays and scalars replace', () => {
    const base = { a: { b: 1, c: [1, 2], d: { e: 1 } }, f: 'x' }
    const overrides = { a: { c: [3], d: { g: 2 } }, f: null, h: true }
    expect(mergeState(base, overrides)).toEqual({
      a: { b: 1, c: [3], d: { e: 1, g: 2 } },
      f: null,
      h: true,
    })
  })

  it('shares no objects with its inputs', () => {
    const base: JsonObject = { a: { b: 1 } }
    const overrides: JsonObject = { c: { d: [1] } }
    const merged = mergeState(base, overrides) as { a: { b: number }; c: { d: number[] } }
    merged.a.b = 2
    merged.c.d.push(2)
    expect(base).toEqual({ a: { b: 1 } })
    expect(overrides).toEqual({ c: { d: [1] } })
  })

  it('refuses prototype keys anywhere in the overrides', () => {
    const polluting = JSON.parse('{"a":{"__proto__":{"polluted":true}}}') as JsonObject
    expect(() => mergeState({ a: {} }, polluting)).toThrow(UnsafePathError)
    const nested = JSON.parse('{"list":[{"constructor":{"x":1}}]}') as JsonObject
    expect(() => mergeState({}, nested)).toThrow(UnsafePathError)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('returns a copy of the base without overrides', () => {
    const base = { a: 1 }
    const merged = mergeState(base, undefined)
    expect(merged).toEqual(base)
    expect(merged).not.toBe(base)
  })
})
