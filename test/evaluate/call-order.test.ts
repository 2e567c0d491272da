import { describe, expect, it } from 'vitest'
import { evaluateCallOrder } from '../../src/evaluate/index.ts'
import type { CallOrderExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const expectation: CallOrderExpectation = {
  id: 'policy-before-refund',
  type: 'callOrder',
  before: 'get_refund_policy',
  after: 'refund_payment',
}
const lookup = call('lookup_order', { order_id: 'ORD-1001' })
const policy = call('get_refund_policy', { order_id: 'ORD-1001' })
const refund = call('refund_payment', { order_id: 'ORD-1001', amount: 40, idempotency_key: 'k' })

describe('callOrder', () => {
  it('passes when the policy is read before the refund', () => {
    const run = runCase({ calls: [lookup, policy, refund, lookup] })
    const result = evaluateCallOrder(expectation, run)
    expect(result).toMatchObject({
      label: 'PASS',
      message: 'get_refund_policy (#2) ran before refund_payment (#3).',
    })
  })

  it('fails when the refund comes first, citing both calls', () => {
    const run = runCase({ calls: [lookup, refund, lookup, policy] })
    const result = evaluateCallOrder(expectation, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe('refund_payment ran before get_refund_policy (#2 before #4).')
  })

  it('fails when the policy is never read', () => {
    const run = runCase({ calls: [refund, lookup] })
    const result = evaluateCallOrder(expectation, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe('refund_payment ran (#1) but get_refund_policy was never called.')
  })

  it('allows a confirming call of the first tool later on', () => {
    const run = runCase({ calls: [lookup, refund, lookup] })
    const result = evaluateCallOrder({ ...expectation, before: 'lookup_order' }, run)
    expect(result.label).toBe('PASS')
  })

  it('passes when the second tool is never called', () => {
    const run = runCase({ calls: [lookup] })
    const result = evaluateCallOrder(expectation, run)
    expect(result).toMatchObject({
      label: 'PASS',
      message: 'refund_payment was never called, so nothing ran out of order.',
    })
  })

  it("ignores the agent's own list of calls", () => {
    const run = runCase({
      calls: [refund, policy],
      result: { toolCalls: [{ tool: 'get_refund_policy' }, { tool: 'refund_payment' }] },
    })
    expect(evaluateCallOrder(expectation, run).label).toBe('FAIL')
  })

  it('is an ERROR for a misspelt tool', () => {
    const run = runCase({ calls: [policy, refund] })
    const result = evaluateCallOrder({ ...expectation, before: 'get_refund_polcy' }, run)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"Cannot evaluate: get_refund_polcy is not a tool of twin refund-desk (its tools: lookup_order, get_refund_policy, refund_payment, send_customer_email, handoff_to_human and update_customer). Fix the tool name in the expectation."`,
    )
  })
})
