import { describe, expect, it } from 'vitest'
import { cloneData, cloneJson } from '../../src/core/json.ts'

describe('cloneJson', () => {
  it('copies deeply and shares nothing with its source', () => {
    const source = { order: { items: [{ sku: 'MG-410', quantity: 1 }], note: null }, ok: true }
    const copy = cloneJson(source)
    expect(copy).toEqual(source)
    copy.order.items[0]!.quantity = 2
    copy.order.items.push({ sku: 'KT-220', quantity: 1 })
    expect(source.order.items).toEqual([{ sku: 'MG-410', quantity: 1 }])
  })

  it('keeps a parsed "__proto__" key as data, never as the prototype', () => {
    const source = JSON.parse('{"__proto__": {"admin": true}, "a": 1}')
    const copy = cloneJson(source)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__', 'a'])
    expect(copy.admin).toBeUndefined()
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"admin":true},"a":1}')
  })

  it('passes undefined and primitives through', () => {
    expect(cloneJson(undefined)).toBeUndefined()
    expect(cloneJson('x')).toBe('x')
    expect(cloneJson(null)).toBeNull()
  })
})

describe('cloneData', () => {
  it('still copies what is not plain data the way structuredClone does', () => {
    const at = new Date(Date.UTC(2026, 0, 5))
    const copy = cloneData({ at, tags: new Set(['a']) })
    expect(copy.at).toBeInstanceOf(Date)
    expect(copy.at).not.toBe(at)
    expect(copy.at.getTime()).toBe(at.getTime())
    expect(copy.tags).toEqual(new Set(['a']))
  })
})
