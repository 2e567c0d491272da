import { describe, expect, it } from 'vitest'
import { evaluateCalledTool } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import type { CalledToolExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const refundArgs = { order_id: 'ORD-1001', amount: 40 }
const refunds: CalledToolExpectation = { id: 'refunds', type: 'calledTool', tool: 'refund_payment' }
const lookup = call('lookup_order', { order_id: 'ORD-1001' })

describe('calledTool', () => {
  it('passes when the tool was called', () => {
    const run = runCase({ calls: [lookup, call('refund_payment', refundArgs)] })
    const result = evaluateCalledTool(refunds, run)
    expect(result).toMatchObject({ label: 'PASS', message: 'refund_payment was called (#2).' })
  })

  it('fails when the tool was never called, listing what the twin recorded', () => {
    const run = runCase({ calls: [lookup, call('get_refund_policy')] })
    const result = evaluateCalledTool(refunds, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'refund_payment was never called. The twin recorded lookup_order #1 and get_refund_policy #2.',
    )
  })

  it("trusts the records, not the agent's own list of tool calls", () => {
    const run = runCase({
      calls: [lookup],
      result: { toolCalls: [{ tool: 'refund_payment', args: refundArgs, status: 200 }] },
    })
    expect(evaluateCalledTool(refunds, run).label).toBe('FAIL')
  })

  it('matches arguments as a subset by default', () => {
    const run = runCase({
      calls: [call('refund_payment', { ...refundArgs, idempotency_key: 'k' })],
    })
    const pass = evaluateCalledTool({ ...refunds, args: { amount: 40 } }, run)
    expect(pass).toMatchObject({
      label: 'PASS',
      message: 'refund_payment with amount=40 (args subset) was called (#1).',
    })
    const fail = evaluateCalledTool({ ...refunds, args: { amount: 80 } }, run)
    expect(fail.label).toBe('FAIL')
    expect(fail.message).toBe(
      'refund_payment with amount=80 (args subset) was never called. Calls with other arguments: refund_payment #1 had amount=40, idempotency_key=k, order_id=ORD-1001.',
    )
  })

  it('supports exact and superset argument modes', () => {
    const run = runCase({ calls: [call('refund_payment', refundArgs)] })
    expect(evaluateCalledTool({ ...refunds, args: refundArgs, argsMode: 'exact' }, run).label).toBe(
      'PASS',
    )
    expect(
      evaluateCalledTool({ ...refunds, args: { amount: 40 }, argsMode: 'exact' }, run).label,
    ).toBe('FAIL')
    const superset = { ...refundArgs, idempotency_key: 'k' }
    expect(
      evaluateCalledTool({ ...refunds, args: superset, argsMode: 'superset' }, run).label,
    ).toBe('PASS')
    expect(
      evaluateCalledTool({ ...refunds, args: { amount: 40 }, argsMode: 'superset' }, run).label,
    ).toBe('FAIL')
  })

  it('counts exact times, retries included', () => {
    const run = runCase({
      calls: [call('refund_payment', refundArgs), lookup, call('refund_payment', refundArgs)],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const fail = evaluateCalledTool({ ...refunds, times: 1 }, run)
    expect(fail.label).toBe('FAIL')
    expect(fail.message).toBe('refund_payment was called 2 times (#1 and #3), expected exactly 1.')
    const pass = evaluateCalledTool({ ...refunds, times: 2 }, run)
    expect(pass).toMatchObject({
      label: 'PASS',
      message: 'refund_payment was called 2 times (#1 and #3), as expected.',
    })
  })

  it('is an ERROR for a tool the twin does not have', () => {
    const run = runCase({ calls: [lookup] })
    expect(evaluateCalledTool({ ...refunds, tool: 'refund' }, run).label).toBe('ERROR')
  })
})
