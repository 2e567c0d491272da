import { describe, expect, it } from 'vitest'
import { evaluateNoCollateralChanges } from '../../src/evaluate/index.ts'
import type { NoCollateralChangesExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const onlyTheOrder: NoCollateralChangesExpectation = {
  id: 'only-the-order',
  type: 'noCollateralChanges',
  allow: ['orders.ORD-1001', 'outbox'],
}
const refund = call('refund_payment', { order_id: 'ORD-1001', amount: 40, idempotency_key: 'k' })
const email = call('send_customer_email', { to: 'ana@example.test', subject: 'Refunded' })

describe('noCollateralChanges', () => {
  it('passes when every change lies under an allowed path', () => {
    const run = runCase({ calls: [refund, email] })
    const result = evaluateNoCollateralChanges(onlyTheOrder, run)
    expect(result.label).toBe('PASS')
    expect(result.message).toBe(
      'All 4 changed paths lie under the allowed paths orders.ORD-1001 and outbox.',
    )
    expect(result.evidence).toMatchObject({
      changed: [
        'orders.ORD-1001.refund_count',
        'orders.ORD-1001.refunded_amount',
        'orders.ORD-1001.status',
        'outbox.send_customer_email_1',
      ],
      collateral: [],
    })
  })

  it('fails for a change to another customer, citing path, values and the call', () => {
    const run = runCase({
      calls: [refund, call('update_customer', { customer_id: 'C-2', email: 'new@example.test' })],
    })
    const result = evaluateNoCollateralChanges(onlyTheOrder, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'customers.C-2.email changed from "bo@example.test" to "new@example.test" (update_customer #2), outside the allowed paths orders.ORD-1001 and outbox.',
    )
  })

  it('does not let an allowed path cover a sibling with a longer name', () => {
    const run = runCase({ calls: [refund] })
    const result = evaluateNoCollateralChanges(
      { ...onlyTheOrder, allow: ['orders.ORD-1001.refund'] },
      run,
    )
    expect(result.label).toBe('FAIL')
    expect(result.message).toMatchInlineSnapshot(
      `"orders.ORD-1001.refund_count changed from 0 to 1 (refund_payment #1); orders.ORD-1001.refunded_amount changed from 0 to 40 (refund_payment #1); orders.ORD-1001.status changed from "delivered" to "refunded" (refund_payment #1), outside the allowed paths orders.ORD-1001.refund."`,
    )
  })

  it('reports added items and passes when nothing changed', () => {
    const run = runCase({ calls: [email] })
    const result = evaluateNoCollateralChanges({ ...onlyTheOrder, allow: [] }, run)
    expect(result.message).toMatch(
      /^outbox\.send_customer_email_1 was added \(.*\) \(send_customer_email #1\), outside any allowed path \(none given\)\.$/,
    )
    const still = runCase({ calls: [call('lookup_order', { order_id: 'ORD-1001' })] })
    expect(evaluateNoCollateralChanges({ ...onlyTheOrder, allow: [] }, still)).toMatchObject({
      label: 'PASS',
      message: 'The state did not change.',
    })
  })

  it('is an ERROR for an unsafe allowed path', () => {
    const run = runCase({ calls: [refund] })
    const result = evaluateNoCollateralChanges(
      { ...onlyTheOrder, allow: ['orders.__proto__'] },
      run,
    )
    expect(result.label).toBe('ERROR')
  })
})
