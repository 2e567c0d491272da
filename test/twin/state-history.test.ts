import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import type { ResolvedEffect } from '../../src/twin/effects.ts'
import { StateHistory } from '../../src/twin/state-history.ts'

const initial = (): JsonObject => ({
  orders: {
    o1: { refunded: 0, refunds: [{ id: 'r0', amount: 5 }], tags: { vip: true } },
    o2: { refunded: 0, refunds: [] },
  },
  outbox: [],
})

describe('the state history', () => {
  it('leaves every earlier version as it was, whatever a commit writes', () => {
    const history = new StateHistory(initial())
    const commits: ResolvedEffect[][] = [
      [{ op: 'increment', path: ['orders', 'o1', 'refunded'], by: 40 }],
      [{ op: 'append', path: ['orders', 'o1', 'refunds'], value: { id: 'r1', amount: 40 } }],
      [{ op: 'remove', path: ['orders', 'o1', 'refunds'], where: { id: 'r0' } }],
      [{ op: 'set', path: ['orders', 'o1', 'refunds', '0', 'amount'], value: 41 }],
      [{ op: 'unset', path: ['orders', 'o1', 'tags', 'vip'] }],
      [{ op: 'set', path: ['orders', 'o3', 'refunded'], value: 1 }],
      [{ op: 'append', path: ['outbox'], value: 'mail' }],
    ]
    const snapshots = [structuredClone(history.current)]
    for (const effects of commits) {
      history.commit(effects)
      snapshots.push(structuredClone(history.current))
    }
    expect(history.initial).toEqual(initial())
    for (let behind = 0; behind < snapshots.length; behind++) {
      expect(history.behind(behind)).toEqual(snapshots[snapshots.length - 1 - behind])
    }
    expect(history.current).toEqual({
      orders: {
        o1: { refunded: 40, refunds: [{ id: 'r1', amount: 41 }], tags: {} },
        o2: { refunded: 0, refunds: [] },
        o3: { refunded: 1 },
      },
      outbox: ['mail'],
    })
  })

  it('changes nothing when one effect of a commit fails', () => {
    const history = new StateHistory(initial())
    expect(() =>
      history.commit([
        { op: 'set', path: ['orders', 'o1', 'refunded'], value: 9 },
        { op: 'increment', path: ['orders', 'o1', 'tags'], by: 1 },
      ]),
    ).toThrow(/not a number/)
    expect(history.current).toEqual(initial())
  })
})
