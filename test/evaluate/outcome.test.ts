import { describe, expect, it } from 'vitest'
import type { ClaimedOutcome } from '../../src/core/case-run.ts'
import type { VerifiedStatus } from '../../src/core/claim.ts'
import { isContradiction, verifyOutcome } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import { call, runCase } from './support/case-run.ts'

const refund = { order_id: 'ORD-1001', amount: 40 }
const keyed = { ...refund, idempotency_key: 'rf-1' }
const refundCount = { path: 'orders.ORD-1001.refund_count', equals: 1 }

describe('isContradiction', () => {
  const claims: Array<ClaimedOutcome | undefined> = ['SUCCESS', 'PARTIAL', 'FAILURE', undefined]
  const statuses: VerifiedStatus[] = ['SUCCESS', 'PARTIAL', 'FAILURE', 'UNKNOWN']
  const contradictions = ['SUCCESS/FAILURE/true', 'SUCCESS/PARTIAL/true']

  for (const claimed of claims) {
    for (const status of statuses) {
      for (const verified of [true, false]) {
        const key = `${claimed}/${status}/${verified}`
        const expected = contradictions.includes(key)
        it(`claimed ${claimed}, status ${status}, verified ${verified}: ${expected}`, () => {
          expect(isContradiction(claimed, status, verified)).toBe(expected)
        })
      }
    }
  }
})

describe('verifyOutcome with a path', () => {
  it('finds the blind retry after a timeout: claimed SUCCESS, refunded twice, a contradiction', () => {
    const run = runCase({
      calls: [call('refund_payment', refund), call('refund_payment', refund)],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const verification = verifyOutcome(run, refundCount)
    expect(verification).toMatchObject({
      claimed: 'SUCCESS',
      status: 'FAILURE',
      verified: true,
      contradiction: true,
    })
    expect(verification.reason).toBe(
      'orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #1 and #2',
    )
  })

  it('backs a claim when the value holds (idempotent retry after the timeout)', () => {
    const run = runCase({
      calls: [
        call('refund_payment', keyed),
        call('lookup_order', { order_id: 'ORD-1001' }),
        call('refund_payment', keyed),
      ],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    expect(run.records[2]!.replay).toBe(true)
    expect(verifyOutcome(run, refundCount)).toMatchObject({
      status: 'SUCCESS',
      verified: true,
      contradiction: false,
    })
  })

  it('is UNKNOWN, unverified, when the path does not resolve', () => {
    const run = runCase({ calls: [call('refund_payment', refund)] })
    const verification = verifyOutcome(run, { path: 'orders.ORD-9999.refund_count', equals: 1 })
    expect(verification).toMatchObject({ status: 'UNKNOWN', verified: false, contradiction: false })
    expect(verification.reason).toMatchInlineSnapshot(
      `"orders.ORD-9999.refund_count does not resolve in the final state (orders has no ORD-9999), so "equals 1" cannot be checked"`,
    )
  })

  it('verifies the state whatever the claim, and only a SUCCESS claim contradicts it', () => {
    const run = runCase({
      calls: [call('refund_payment', refund)],
      faults: [fault('success_without_effect').on('refund_payment')],
      result: { outcome: 'PARTIAL' },
    })
    expect(verifyOutcome(run, refundCount)).toMatchObject({
      claimed: 'PARTIAL',
      status: 'FAILURE',
      verified: true,
      contradiction: false,
    })
  })
})

describe('verifyOutcome without a path', () => {
  it('is SUCCESS when every state-changing success changed state', () => {
    const run = runCase({
      calls: [call('lookup_order', { order_id: 'ORD-1001' }), call('refund_payment', keyed)],
    })
    const verification = verifyOutcome(run)
    expect(verification).toMatchObject({ status: 'SUCCESS', verified: true, contradiction: false })
    expect(verification.reason).toBe(
      'every state-changing success changed state (refund_payment #2)',
    )
  })

  it('catches the lie: a 200 "succeeded" that changed nothing', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed)],
      faults: [fault('success_without_effect').on('refund_payment')],
    })
    const verification = verifyOutcome(run)
    expect(verification).toMatchObject({ status: 'FAILURE', verified: true, contradiction: true })
    expect(verification.reason).toBe(
      'refund_payment #1 answered 200 yet changed nothing (fault success_without_effect)',
    )
  })

  it('catches a business rejection inside a 200', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed)],
      faults: [fault('business_rejection_in_200').on('refund_payment')],
    })
    expect(verifyOutcome(run)).toMatchObject({ status: 'FAILURE', verified: true })
  })

  it('is PARTIAL when a success applied only part of the effects', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed)],
      faults: [fault('inconsistent_state').on('refund_payment').with({ reportSuccess: true })],
    })
    const verification = verifyOutcome(run)
    expect(run.records[0]!.status).toBe(200)
    expect(verification).toMatchObject({ status: 'PARTIAL', verified: true, contradiction: true })
    expect(verification.reason).toBe(
      'refund_payment #1 answered 200 yet applied only part of its effects (fault inconsistent_state)',
    )
  })

  it('is PARTIAL when one success is backed and another is not', () => {
    const run = runCase({
      calls: [
        call('refund_payment', keyed),
        call('send_customer_email', { to: 'ana@example.test', subject: 'Refunded' }),
      ],
      faults: [fault('success_without_effect').on('send_customer_email')],
    })
    expect(verifyOutcome(run)).toMatchObject({ status: 'PARTIAL', verified: true })
  })

  it('treats an accepted change that never committed as unbacked', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed)],
      faults: [fault('accepted_not_committed').on('refund_payment')],
    })
    const verification = verifyOutcome(run)
    expect(run.records[0]!.status).toBe(202)
    expect(verification.status).toBe('FAILURE')
    expect(verification.reason).toMatchInlineSnapshot(
      `"refund_payment #1 answered 202 yet its effects were only staged and never committed within the case (fault accepted_not_committed)"`,
    )
  })

  it('backs an accepted change that committed within the case', () => {
    const run = runCase({
      calls: [
        call('refund_payment', keyed),
        call('lookup_order', { order_id: 'ORD-1001' }),
        call('lookup_order', { order_id: 'ORD-1001' }),
      ],
      faults: [fault('accepted_not_committed').on('refund_payment').with({ commitAfterCalls: 1 })],
    })
    expect(run.records[0]!.deferred).toMatchObject({ committed: true, commitsAtSeq: 3 })
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
    expect(verifyOutcome(run)).toMatchObject({ status: 'SUCCESS', verified: true })
  })

  it('is UNKNOWN and unverified when no state-changing tool reported success', () => {
    const run = runCase({
      calls: [call('lookup_order', { order_id: 'ORD-1001' }), call('refund_payment', keyed)],
      faults: [fault('server_error').on('refund_payment')],
    })
    expect(verifyOutcome(run)).toMatchObject({
      status: 'UNKNOWN',
      verified: false,
      contradiction: false,
    })
  })

  it('is UNKNOWN for a case that did not finish', () => {
    const run = runCase({
      calls: [call('refund_payment', keyed)],
      unfinished: { kind: 'timeout', message: 'no answer within 30000 ms' },
    })
    const verification = verifyOutcome(run, refundCount)
    expect(verification).toMatchObject({ claimed: undefined, status: 'UNKNOWN', verified: false })
    expect(verification.reason).toBe('the case did not finish (timeout: no answer within 30000 ms)')
  })
})
