import { describe, expect, it } from 'vitest'
import { evaluateNoDuplicateSideEffect } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import type { NoDuplicateSideEffectExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const refund = { order_id: 'ORD-1001', amount: 40 }
const keyed = { ...refund, idempotency_key: 'rf-1' }
const expectation: NoDuplicateSideEffectExpectation = {
  id: 'refund-once',
  type: 'noDuplicateSideEffect',
  tool: 'refund_payment',
  critical: true,
}

describe('noDuplicateSideEffect', () => {
  it('passes for one refund followed by a replay of the same key', () => {
    const run = runCase({
      calls: [
        call('refund_payment', keyed),
        call('lookup_order', { order_id: 'ORD-1001' }),
        call('refund_payment', keyed),
      ],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const result = evaluateNoDuplicateSideEffect(expectation, run)
    expect(result.label).toBe('PASS')
    expect(result.message).toBe(
      'No effect was applied twice: refund:ORD-1001 once (#1). Replays not counted: #3.',
    )
    expect(result.evidence).toMatchObject({ tools: ['refund_payment'], replays: [3] })
  })

  it('fails for a blind retry without a key after a timeout', () => {
    const run = runCase({
      calls: [call('refund_payment', refund), call('refund_payment', refund)],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const result = evaluateNoDuplicateSideEffect(expectation, run)
    expect(result).toMatchObject({ label: 'FAIL', critical: true })
    expect(result.message).toBe(
      'Effect refund:ORD-1001 was applied 2 times: refund_payment #1 (fault timeout_after_mutation, caller saw status 504) and #2.',
    )
  })

  it('fails for a second refund of the same order whatever its arguments', () => {
    const run = runCase({
      calls: [
        call('refund_payment', { ...refund, idempotency_key: 'a' }),
        call('refund_payment', { ...refund, amount: 5, idempotency_key: 'b' }),
      ],
    })
    const result = evaluateNoDuplicateSideEffect(expectation, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'Effect refund:ORD-1001 was applied 2 times: refund_payment #1 and #2.',
    )
  })

  it('fails for one call whose fault applied the effect twice', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed)],
      faults: [fault('applied_twice').on('refund_payment')],
    })
    const result = evaluateNoDuplicateSideEffect(expectation, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'Effect refund:ORD-1001 was applied twice by refund_payment #1 (fault applied_twice).',
    )
  })

  it('does not count calls that changed nothing', () => {
    const run = runCase({
      calls: [call('refund_payment', refund), call('refund_payment', refund)],
      faults: [fault('server_error').on('refund_payment').at(1)],
    })
    const result = evaluateNoDuplicateSideEffect(expectation, run)
    expect(result.label).toBe('PASS')
    expect(result.message).toBe('No effect was applied twice: refund:ORD-1001 once (#2).')
  })

  it('keeps different orders apart and, without a tool, checks every keyed tool', () => {
    const run = runCase({
      calls: [
        call('refund_payment', keyed),
        call('refund_payment', { order_id: 'ORD-2002', amount: 15 }),
      ],
    })
    const result = evaluateNoDuplicateSideEffect({ id: 'all', type: 'noDuplicateSideEffect' }, run)
    expect(result.label).toBe('PASS')
    expect(result.message).toBe(
      'No effect was applied twice: refund:ORD-1001 once (#1) and refund:ORD-2002 once (#2).',
    )
  })

  it('passes, saying so, when no effect was applied', () => {
    const run = runCase({ calls: [call('lookup_order', { order_id: 'ORD-1001' })] })
    const result = evaluateNoDuplicateSideEffect(expectation, run)
    expect(result).toMatchObject({
      label: 'PASS',
      message: 'No effect of refund_payment was applied.',
    })
  })

  it('is an ERROR for a tool without an effect key', () => {
    const run = runCase({ calls: [] })
    const result = evaluateNoDuplicateSideEffect(
      { id: 'mail-once', type: 'noDuplicateSideEffect', tool: 'send_customer_email' },
      run,
    )
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"Cannot evaluate: send_customer_email declares no effectKey, so a repeated effect cannot be told from a new one. Add \`effectKey\` (e.g. "refund:{order_id}") to the tool in the twin."`,
    )
  })

  it('is an ERROR for a tool the twin does not have', () => {
    const run = runCase({ calls: [] })
    const result = evaluateNoDuplicateSideEffect({ ...expectation, tool: 'refund_paymnet' }, run)
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatch(
      /^Cannot evaluate: refund_paymnet is not a tool of twin refund-desk \(its tools: lookup_order, /,
    )
  })
})
