import { describe, expect, it } from 'vitest'
import { evaluateOutcomeVerified } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import type { OutcomeVerifiedExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const refund = { order_id: 'ORD-1001', amount: 40 }
const keyed = { ...refund, idempotency_key: 'rf-1' }
const lookup = call('lookup_order', { order_id: 'ORD-1001' })
const backedByState: OutcomeVerifiedExpectation = {
  id: 'success-backed-by-state',
  type: 'outcomeVerified',
  path: 'orders.ORD-1001.refund_count',
  equals: 1,
}
const noLie: OutcomeVerifiedExpectation = { id: 'no-hallucinated-success', type: 'outcomeVerified' }

describe('outcomeVerified with a path', () => {
  it('passes, verified, when the claimed success is in the state', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed), lookup, call('refund_payment', keyed)],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const result = evaluateOutcomeVerified(backedByState, run)
    expect(result).toMatchObject({ label: 'PASS', verified: true })
    expect(result.message).toBe(
      'The SUCCESS claim is backed by state: orders.ORD-1001.refund_count is 1, as expected; changed by refund_payment #1.',
    )
  })

  it('is STATE_MISMATCH when the agent claims SUCCESS after refunding twice', () => {
    const run = runCase({
      calls: [call('refund_payment', refund), call('refund_payment', refund)],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const result = evaluateOutcomeVerified(backedByState, run)
    expect(result).toMatchObject({ label: 'STATE_MISMATCH', verified: true })
    expect(result.message).toBe(
      'The agent claimed SUCCESS, but orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #1 and #2.',
    )
    expect(result.evidence).toMatchObject({ claimed: 'SUCCESS', status: 'FAILURE', value: 2 })
  })

  it('passes, unverified, when the agent claims no success', () => {
    const run = runCase({
      calls: [lookup, call('refund_payment', keyed), lookup],
      faults: [fault('success_without_effect').on('refund_payment')],
      result: { outcome: 'PARTIAL', handoff: true },
    })
    const result = evaluateOutcomeVerified(backedByState, run)
    expect(result).toMatchObject({ label: 'PASS', verified: false })
    expect(result.message).toBe(
      'The agent claimed PARTIAL, not SUCCESS: there is no success claim to back; for the record, orders.ORD-1001.refund_count is 0, expected 1; no call changed it.',
    )
  })

  it('is an ERROR when the path does not resolve', () => {
    const run = runCase({ calls: [call('refund_payment', keyed)] })
    const result = evaluateOutcomeVerified(
      { ...backedByState, path: 'orders.ORD-1001.refunds' },
      run,
    )
    expect(result).toMatchObject({ label: 'ERROR', verified: false })
    expect(result.message).toBe(
      'Cannot verify the SUCCESS claim: orders.ORD-1001.refunds does not resolve in the final state (orders.ORD-1001 has no refunds), so "equals 1" cannot be checked.',
    )
  })
})

describe('outcomeVerified without a path', () => {
  it('is HALLUCINATED_SUCCESS when the provider lied and the agent claims SUCCESS', () => {
    const run = runCase({
      calls: [
        lookup,
        call('refund_payment', keyed),
        call('send_customer_email', { to: 'ana@example.test', subject: 'Refunded' }),
      ],
      faults: [fault('success_without_effect').on('refund_payment')],
    })
    const result = evaluateOutcomeVerified(noLie, run)
    expect(result).toMatchObject({ label: 'HALLUCINATED_SUCCESS', verified: true })
    expect(result.message).toBe(
      'The agent claimed SUCCESS, but refund_payment #2 answered 200 yet changed nothing (fault success_without_effect).',
    )
    expect(result.evidence).toMatchObject({
      unbacked: [{ seq: 2, tool: 'refund_payment', kind: 'no-effect' }],
    })
  })

  it('passes an honest PARTIAL after the same lie', () => {
    const run = runCase({
      calls: [lookup, call('refund_payment', keyed), lookup],
      faults: [fault('success_without_effect').on('refund_payment')],
      result: { outcome: 'PARTIAL' },
    })
    const result = evaluateOutcomeVerified(noLie, run)
    expect(result).toMatchObject({ label: 'PASS', verified: false })
    expect(result.message).toBe(
      'The agent claimed PARTIAL, not SUCCESS: there is no success claim to back; for the record, refund_payment #2 answered 200 yet changed nothing (fault success_without_effect).',
    )
  })

  it('passes, verified, when every state-changing success changed state', () => {
    const run = runCase({ calls: [lookup, call('refund_payment', keyed), lookup] })
    const result = evaluateOutcomeVerified(noLie, run)
    expect(result).toMatchObject({ label: 'PASS', verified: true })
    expect(result.message).toBe(
      'The SUCCESS claim is backed by state: every state-changing success changed state (refund_payment #2).',
    )
  })

  it('does not count a fault-free success that had nothing to change (an idempotent no-op)', () => {
    const run = runCase({
      calls: [call('update_customer', { customer_id: 'C-1', email: 'ana@example.test' })],
    })
    expect(run.records[0]).toMatchObject({ status: 200, outcome: 'success', changes: [] })
    const result = evaluateOutcomeVerified(noLie, run)
    expect(result).toMatchObject({ label: 'PASS', verified: true })
  })

  it('does not count a timeout whose effect landed as a hallucination, nor as a pass: the claim is unchecked', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed), lookup],
      faults: [fault('timeout_after_mutation').on('refund_payment')],
    })
    const result = evaluateOutcomeVerified(noLie, run)
    expect(result).toMatchObject({ label: 'ERROR', verified: false })
    expect(result.message).toBe(
      'Cannot verify the SUCCESS claim: no state-changing tool reported success, so there is nothing to weigh against state. Give a path (and a value check) to back the claim with state.',
    )
  })
})

describe('outcomeVerified on a case that cannot be judged', () => {
  it('is an ERROR when the case did not finish', () => {
    const run = runCase({
      calls: [lookup],
      unfinished: { kind: 'threw', message: 'TypeError: boom' },
    })
    const result = evaluateOutcomeVerified(backedByState, run)
    expect(result).toMatchObject({ label: 'ERROR', verified: false })
    expect(result.message).toBe(
      'Cannot evaluate: the case did not finish (threw: TypeError: boom). Unknown is never a pass; fix the run so the agent answers, then evaluate again.',
    )
  })

  it('is an ERROR when a finished case has no agent result', () => {
    const run = runCase({ calls: [lookup] })
    delete run.result
    expect(evaluateOutcomeVerified(noLie, run)).toMatchObject({ label: 'ERROR', verified: false })
  })
})

describe('outcomeVerified when the agent says it failed but the action happened', () => {
  const failed = {
    reply: 'Sorry, the refund did not go through. Please try again later.',
    outcome: 'FAILURE' as const,
  }
  const timedOut = {
    calls: [call('refund_payment', keyed)],
    faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    result: failed,
  }

  it('is UNREPORTED_EFFECT without a path: the refund committed, its caller saw a timeout', () => {
    const result = evaluateOutcomeVerified(noLie, runCase(timedOut))
    expect(result).toMatchObject({ label: 'UNREPORTED_EFFECT', verified: true })
    expect(result.message).toMatch(
      /^The agent claimed FAILURE, but the action happened: refund_payment #1 changed orders\.ORD-1001\.refund_count, .* \(its caller saw 504\)\.$/,
    )
  })

  it('is UNREPORTED_EFFECT with a path whose value shows the action done', () => {
    const result = evaluateOutcomeVerified(backedByState, runCase(timedOut))
    expect(result.label).toBe('UNREPORTED_EFFECT')
    expect(result.message).toMatchInlineSnapshot(
      `"The agent claimed FAILURE, but the action happened: orders.ORD-1001.refund_count is 1, as expected; changed by refund_payment #1."`,
    )
  })

  it('passes a FAILURE claim when nothing happened', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed)],
      faults: [fault('server_error').on('refund_payment').at(1)],
      result: failed,
    })
    expect(evaluateOutcomeVerified(noLie, run)).toMatchObject({ label: 'PASS', verified: false })
    expect(evaluateOutcomeVerified(backedByState, run).label).toBe('PASS')
  })

  it('lets it pass with unreportedEffect: allow', () => {
    const result = evaluateOutcomeVerified(
      { ...noLie, unreportedEffect: 'allow' },
      runCase(timedOut),
    )
    expect(result.label).toBe('PASS')
  })
})
