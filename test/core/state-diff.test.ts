import { describe, expect, it } from 'vitest'
import { diffStates } from '../../src/core/state-diff.ts'
import { patternOf } from '../../src/core/state-path.ts'

describe('diffStates', () => {
  const before = { orders: { o_1: { status: 'paid', tags: ['a', 'b'], at: 1 } }, n: 1 }
  const after = { orders: { o_1: { status: 'refunded', tags: ['a', 'c'], at: 2 } }, m: 2 }

  it('names each differing key as segments, sorted, with what was and what is', () => {
    expect(diffStates(before, after)).toEqual([
      { path: ['m'], after: 2 },
      { path: ['n'], before: 1 },
      { path: ['orders', 'o_1', 'at'], before: 1, after: 2 },
      { path: ['orders', 'o_1', 'status'], before: 'paid', after: 'refunded' },
      { path: ['orders', 'o_1', 'tags'], before: ['a', 'b'], after: ['a', 'c'] },
    ])
  })

  it('compares same-length arrays item by item and skips ignored patterns when asked', () => {
    const differences = diffStates(before, after, {
      arrays: 'items',
      ignore: [patternOf('orders.*.at'), patternOf('m'), patternOf('n')],
    })
    expect(differences.map((d) => d.path)).toEqual([
      ['orders', 'o_1', 'status'],
      ['orders', 'o_1', 'tags', '1'],
    ])
  })

  it('finds nothing between equal states, whatever the key order', () => {
    expect(diffStates({ a: 1, b: { c: [1] } }, { b: { c: [1] }, a: 1 })).toEqual([])
  })
})
