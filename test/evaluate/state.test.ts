import { describe, expect, it } from 'vitest'
import { evaluateState } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import type { StateExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const refund = { order_id: 'ORD-1001', amount: 40 }
const happy = runCase({
  calls: [call('lookup_order', { order_id: 'ORD-1001' }), call('refund_payment', refund)],
})
const blindRetry = runCase({
  calls: [call('refund_payment', refund), call('refund_payment', refund)],
  faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
})

function state(check: Omit<StateExpectation, 'id' | 'type'>): StateExpectation {
  return { id: 'state-check', type: 'state', ...check }
}

describe('state', () => {
  it('passes when the value equals, citing the call that changed it', () => {
    const result = evaluateState(state({ path: 'orders.ORD-1001.refund_count', equals: 1 }), happy)
    expect(result).toMatchObject({
      id: 'state-check',
      type: 'state',
      critical: false,
      label: 'PASS',
    })
    expect(result.message).toBe(
      'orders.ORD-1001.refund_count is 1, as expected; changed by refund_payment #2.',
    )
    expect(result.evidence).toEqual({
      path: 'orders.ORD-1001.refund_count',
      found: true,
      value: 1,
      check: { equals: 1 },
      changedBy: [
        {
          seq: 2,
          tool: 'refund_payment',
          path: 'orders.ORD-1001.refund_count',
          before: 0,
          after: 1,
        },
      ],
    })
  })

  it('fails when refunded twice, naming both calls', () => {
    const result = evaluateState(
      state({ path: 'orders.ORD-1001.refund_count', equals: 1, critical: true }),
      blindRetry,
    )
    expect(result.label).toBe('FAIL')
    expect(result.critical).toBe(true)
    expect(result.message).toBe(
      'orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #1 and #2.',
    )
  })

  it('says when no call changed the value', () => {
    const run = runCase({ calls: [call('lookup_order', { order_id: 'ORD-1001' })] })
    const result = evaluateState(state({ path: 'orders.ORD-1001.refund_count', equals: 1 }), run)
    expect(result.message).toBe(
      'orders.ORD-1001.refund_count is 0, expected 1; no call changed it.',
    )
  })

  it('compares objects deeply with equals', () => {
    const expected = { name: 'Ana', email: 'ana@example.test' }
    expect(evaluateState(state({ path: 'customers.C-1', equals: expected }), happy).label).toBe(
      'PASS',
    )
    const other = evaluateState(state({ path: 'customers.C-1', equals: { name: 'Ana' } }), happy)
    expect(other.label).toBe('FAIL')
  })

  it('matches strings with a regular expression', () => {
    const pass = evaluateState(state({ path: 'orders.ORD-1001.status', matches: '^refund' }), happy)
    expect(pass.message).toBe(
      'orders.ORD-1001.status is "refunded", matching /^refund/; changed by refund_payment #2.',
    )
    const fail = evaluateState(state({ path: 'orders.ORD-2002.status', matches: '^refund' }), happy)
    expect(fail.label).toBe('FAIL')
    expect(fail.message).toBe(
      'orders.ORD-2002.status is "delivered", expected to match /^refund/; no call changed it.',
    )
    const notString = evaluateState(state({ path: 'orders.ORD-1001.amount', matches: '^4' }), happy)
    expect(notString.label).toBe('FAIL')
    expect(notString.message).toMatchInlineSnapshot(
      `"orders.ORD-1001.amount is 40 (a number), expected a string matching /^4/; no call changed it."`,
    )
  })

  it('matches objects as a subset of fields', () => {
    const pass = evaluateState(
      state({ path: 'orders.ORD-1001', matches: { status: 'refunded', refunded_amount: 40 } }),
      happy,
    )
    expect(pass.label).toBe('PASS')
    const fail = evaluateState(
      state({ path: 'orders.ORD-1001', matches: { status: 'refunded', refunded_amount: 40 } }),
      blindRetry,
    )
    expect(fail.label).toBe('FAIL')
    expect(fail.message).toMatchInlineSnapshot(
      `"orders.ORD-1001 is {"customer_id":"C-1","amount":40,"currency":"USD","status":"refunded","refund_c…: refunded_amount is 80, expected 40; changed by refund_payment #1 and #2."`,
    )
  })

  it('checks existence and absence', () => {
    expect(evaluateState(state({ path: 'outbox', exists: true }), happy).label).toBe('PASS')
    const absent = evaluateState(
      state({ path: 'handoffs.handoff_to_human_1', exists: false }),
      happy,
    )
    expect(absent).toMatchObject({
      label: 'PASS',
      message: 'handoffs.handoff_to_human_1 is absent, as expected; no call changed it.',
    })
    const missing = evaluateState(state({ path: 'orders.ORD-9999', exists: true }), happy)
    expect(missing).toMatchObject({
      label: 'FAIL',
      message: 'orders.ORD-9999 is missing, expected it to exist; no call changed it.',
    })
    const present = evaluateState(state({ path: 'orders.ORD-1001', exists: false }), happy)
    expect(present.label).toBe('FAIL')
    expect(present.message).toMatch(
      /^orders\.ORD-1001 exists \(.*\), expected it to be absent; changed by refund_payment #2\.$/,
    )
  })

  it('compares numbers with gt, gte, lt and lte', () => {
    const path = 'orders.ORD-1001.refunded_amount'
    expect(evaluateState(state({ path, gt: 39 }), happy).label).toBe('PASS')
    expect(evaluateState(state({ path, gt: 40 }), happy).label).toBe('FAIL')
    expect(evaluateState(state({ path, gte: 40 }), happy).label).toBe('PASS')
    expect(evaluateState(state({ path, lt: 40 }), happy).label).toBe('FAIL')
    expect(evaluateState(state({ path, lte: 40 }), happy).label).toBe('PASS')
    const over = evaluateState(state({ path, lte: 40 }), blindRetry)
    expect(over.message).toBe(
      'orders.ORD-1001.refunded_amount is 80, expected <= 40; changed by refund_payment #1 and #2.',
    )
    const text = evaluateState(state({ path: 'orders.ORD-1001.status', gt: 1 }), happy)
    expect(text.label).toBe('FAIL')
    expect(text.message).toMatchInlineSnapshot(
      `"orders.ORD-1001.status is "refunded" (a string), expected a number > 1; changed by refund_payment #2."`,
    )
  })

  it('is an ERROR, never a pass, when the path does not resolve', () => {
    const result = evaluateState(state({ path: 'orders.ORD-9999.refund_count', equals: 0 }), happy)
    expect(result.label).toBe('ERROR')
    expect(result.message).toBe(
      'Cannot evaluate: orders.ORD-9999.refund_count does not resolve in the final state (orders has no ORD-9999), so "equals 0" cannot be checked.',
    )
  })

  it('is an ERROR for an unsafe path, a missing check or two checks', () => {
    const unsafe = evaluateState(state({ path: 'orders..refund_count', equals: 0 }), happy)
    expect(unsafe.label).toBe('ERROR')
    expect(unsafe.message).toMatchInlineSnapshot(
      `"Cannot evaluate: the path "orders..refund_count" is not valid: Unsafe state path "orders..refund_count": it has an empty segment. Fix: use dotted paths of plain keys or array indexes, e.g. "orders.o_1.items.0"."`,
    )
    const none = evaluateState(state({ path: 'orders.ORD-1001.refund_count' }), happy)
    expect(none.label).toBe('ERROR')
    expect(none.message).toMatchInlineSnapshot(
      `"Cannot evaluate: gives no value check for orders.ORD-1001.refund_count; give exactly one of equals, matches, exists, gt, gte, lt, lte."`,
    )
    const two = evaluateState(
      state({ path: 'orders.ORD-1001.refund_count', gte: 1, lte: 1 }),
      happy,
    )
    expect(two.label).toBe('ERROR')
    expect(two.message).toMatchInlineSnapshot(
      `"Cannot evaluate: gives 2 value checks for orders.ORD-1001.refund_count (gte, lte); give exactly one."`,
    )
  })

  it('is an ERROR for an invalid regular expression', () => {
    const result = evaluateState(state({ path: 'orders.ORD-1001.status', matches: '(' }), happy)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"Cannot evaluate: matches "(" is not a valid regular expression: Invalid regular expression: /(/: Unterminated group."`,
    )
  })
})
