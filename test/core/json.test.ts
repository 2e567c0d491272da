import { describe, expect, it } from 'vitest'
import { cloneJson, type JsonValue } from '../../src/core/json.ts'

describe('cloneJson', () => {
  it('copies every JSON value deeply, sharing nothing, in the same key order', () => {
    const source: JsonValue = { b: [1, 'two', null, { c: true }], a: { d: [[]], e: 0.5 } }
    const copy = cloneJson(source)
    expect(copy).toEqual(source)
    expect(Object.keys(copy as object)).toEqual(['b', 'a'])
    ;(copy as { b: JsonValue[] }).b.push(9)
    ;((copy as { a: { d: JsonValue[][] } }).a.d[0] as JsonValue[]).push(1)
    expect(source).toEqual({ b: [1, 'two', null, { c: true }], a: { d: [[]], e: 0.5 } })
  })

  it('keeps a `__proto__` key from parsed JSON as an own key, not a prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"admin": true}, "x": 1}')
    const copy = cloneJson(parsed) as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.hasOwn(copy, '__proto__')).toBe(true)
    expect((copy as { admin?: boolean }).admin).toBeUndefined()
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"admin":true},"x":1}')
  })

  it('passes undefined and scalars through', () => {
    expect(cloneJson(undefined)).toBeUndefined()
    expect(cloneJson('a')).toBe('a')
    expect(cloneJson(null)).toBeNull()
  })
})
