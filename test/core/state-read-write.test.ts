import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import { pathOf, readPath } from '../../src/core/state-path.ts'
import { PathConflictError, UnsafePathError } from '../../src/twin/errors.ts'
import { deletePath, writePath } from '../../src/twin/state-writes.ts'

describe('pathOf', () => {
  it('splits dotted paths into segments', () => {
    expect(pathOf('orders.o_1.items.0')).toEqual(['orders', 'o_1', 'items', '0'])
  })

  it.each(['__proto__', 'a.__proto__.b', 'constructor', 'a.prototype', 'a..b', '.a', 'a.', ''])(
    'refuses %j with UNSAFE_PATH',
    (path) => {
      expect(() => pathOf(path)).toThrow(UnsafePathError)
      try {
        pathOf(path)
      } catch (error) {
        expect((error as UnsafePathError).code).toBe('AGENTTWIN_UNSAFE_PATH')
      }
    },
  )
})

describe('readPath', () => {
  const state = { orders: { o_1: { total: 40, items: [{ sku: 'a' }, { sku: 'b' }] } } }

  it('reads nested values and array items', () => {
    expect(readPath(state, 'orders.o_1.total')).toEqual({ found: true, value: 40 })
    expect(readPath(state, 'orders.o_1.items.1.sku')).toEqual({ found: true, value: 'b' })
  })

  it('reports missing paths as not found', () => {
    expect(readPath(state, 'orders.o_9')).toEqual({ found: false })
    expect(readPath(state, 'orders.o_1.items.2')).toEqual({ found: false })
    expect(readPath(state, 'orders.o_1.items.01')).toEqual({ found: false })
    expect(readPath(state, 'orders.o_1.total.x')).toEqual({ found: false })
  })

  it('never reads inherited properties', () => {
    expect(readPath(state, 'orders.toString')).toEqual({ found: false })
    expect(readPath(state, 'orders.hasOwnProperty')).toEqual({ found: false })
    expect(readPath(state, 'orders.o_1.items.length')).toEqual({ found: false })
  })

  it('keeps a found null distinct from missing', () => {
    expect(readPath({ a: null }, 'a')).toEqual({ found: true, value: null })
  })
})

describe('writePath and deletePath', () => {
  it('creates missing parents and writes array items', () => {
    const state: JsonObject = { list: [1, 2] }
    writePath(state, 'a.b.c', 1)
    writePath(state, 'list.2', 3)
    writePath(state, 'list.0', 0)
    expect(state).toEqual({ a: { b: { c: 1 } }, list: [0, 2, 3] })
  })

  it('refuses to write through a scalar', () => {
    const state: JsonObject = { a: 1 }
    expect(() => writePath(state, 'a.b', 2)).toThrow(PathConflictError)
    expect(() => writePath({ list: [] }, 'list.5', 2)).toThrow(PathConflictError)
    expect(state).toEqual({ a: 1 })
  })

  it('refuses prototype keys on write', () => {
    const state: JsonObject = {}
    expect(() => writePath(state, '__proto__.polluted', true)).toThrow(UnsafePathError)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('deletes object keys and splices array items', () => {
    const state: JsonObject = { a: { b: 1, c: 2 }, list: ['x', 'y', 'z'] }
    expect(deletePath(state, 'a.b')).toEqual({ found: true, value: 1 })
    expect(deletePath(state, 'list.1')).toEqual({ found: true, value: 'y' })
    expect(deletePath(state, 'a.missing')).toEqual({ found: false })
    expect(state).toEqual({ a: { c: 2 }, list: ['x', 'z'] })
  })
})
