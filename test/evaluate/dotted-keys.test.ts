import { describe, expect, it } from 'vitest'
import { formatChanges } from '../../src/compare/format.ts'
import { evaluateNoCollateralChanges, evaluateState } from '../../src/evaluate/index.ts'
import { call, runCase } from './support/case-run.ts'

const order = {
  customer_id: 'C-1',
  amount: 40,
  currency: 'USD',
  status: 'delivered',
  refund_count: 0,
  refunded_amount: 0,
}
// `ORD.7` and `ORD` → `7` would both be `orders.ORD.7` as dotted text.
const run = runCase({
  calls: [call('refund_payment', { order_id: 'ORD.7', amount: 40 })],
  stateOverrides: { orders: { 'ORD.7': order, ORD: { '7': order } } },
})

describe('a state key holding a dot', () => {
  it('is one segment in the record, and stays one through JSON', () => {
    const paths = run.records[0]!.changes.map((change) => change.path)
    expect(paths).toEqual([
      ['orders', 'ORD.7', 'refund_count'],
      ['orders', 'ORD.7', 'refunded_amount'],
      ['orders', 'ORD.7', 'status'],
    ])
    const travelled = JSON.parse(JSON.stringify(run)) as typeof run
    expect(travelled.records[0]!.changes[0]!.path).toEqual(['orders', 'ORD.7', 'refund_count'])
  })

  it('is written quoted in messages, so it cannot be read as a nested key', () => {
    expect(formatChanges(run.records[0]!.changes, 1)).toBe(
      'orders["ORD.7"].refund_count from 0 to 1 and 2 more paths',
    )
  })

  it('is addressed by a quoted path; the nested look-alike is a different place', () => {
    const changed = evaluateState(
      { id: 'dotted', type: 'state', path: 'orders["ORD.7"].status', equals: 'refunded' },
      run,
    )
    expect(changed.label).toBe('PASS')
    expect(changed.message).toMatchInlineSnapshot(
      `"orders["ORD.7"].status is "refunded", as expected; changed by refund_payment #1."`,
    )
    const untouched = evaluateState(
      { id: 'nested', type: 'state', path: 'orders.ORD.7.status', equals: 'delivered' },
      run,
    )
    expect(untouched.label).toBe('PASS')
    expect(untouched.message).toMatchInlineSnapshot(
      `"orders.ORD.7.status is "delivered", as expected; no call changed it."`,
    )
  })

  it('is covered by an allowed quoted path and not by its prefix as a key', () => {
    const allowed = evaluateNoCollateralChanges(
      { id: 'only', type: 'noCollateralChanges', allow: ['orders["ORD.7"]'] },
      run,
    )
    expect(allowed.label).toBe('PASS')
    expect(allowed.evidence).toMatchObject({
      changed: [
        'orders["ORD.7"].refund_count',
        'orders["ORD.7"].refunded_amount',
        'orders["ORD.7"].status',
      ],
    })
    const prefix = evaluateNoCollateralChanges(
      { id: 'only', type: 'noCollateralChanges', allow: ['orders.ORD'] },
      run,
    )
    expect(prefix.label).toBe('FAIL')
    expect(prefix.message).toMatch(/^orders\["ORD\.7"\]\.refund_count changed from 0 to 1/)
  })

  it('an allowed path with `*` allows that field of every order', () => {
    const result = evaluateNoCollateralChanges(
      { id: 'any', type: 'noCollateralChanges', allow: ['orders.*.refund_count'] },
      run,
    )
    expect(result.label).toBe('FAIL')
    expect(result.evidence).toMatchObject({
      collateral: [{ path: 'orders["ORD.7"].refunded_amount' }, { path: 'orders["ORD.7"].status' }],
    })
  })
})
