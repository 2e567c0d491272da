import { describe, expect, it } from 'vitest'
import { firstDivergence } from '../../src/compare/lockstep.ts'
import { toSteps } from '../../src/compare/steps.ts'
import { call, runCase, type Script, type TestScenario, v124, v130 } from './helpers/run-case.ts'

const timeoutOnFirstRefund: TestScenario = {
  id: 'refund-timeout-after-mutation',
  faults: [
    { id: 'timeout', tool: 'refund_payment', when: { call: 1 }, fault: 'timeout_after_mutation' },
  ],
}

function diverge(baseline: Script, candidate: Script, scenario: TestScenario = { id: 'case' }) {
  return firstDivergence(runCase(scenario, v124, baseline), runCase(scenario, v130, candidate))
}

describe('firstDivergence', () => {
  it('tells the required Demo Co story when the candidate skips the policy lookup', () => {
    const divergence = diverge(
      { calls: [call.lookup(), call.policy(), call.refund(40, 'refund-ORD-1001'), call.lookup()] },
      { calls: [call.lookup(), call.refund(40)] },
    )
    expect(divergence?.step).toBe(2)
    expect(divergence?.kind).toBe('tool')
    expect(divergence?.sentence).toBe(
      'At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).',
    )
    expect(divergence?.detail).toBe(
      'The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point.',
    )
    expect(divergence?.baseline).toMatchObject({ kind: 'call', tool: 'get_refund_policy', step: 2 })
    expect(divergence?.candidate).toMatchObject({ kind: 'call', tool: 'refund_payment', step: 2 })
  })

  it('words the other risk levels by what the tool can do', () => {
    const outbound = diverge(
      { calls: [call.lookup(), call.policy()] },
      { calls: [call.lookup(), call.email('Your refund is done')] },
    )
    expect(outbound?.detail).toBe(
      'The candidate sent an outbound message via send_customer_email without first calling get_refund_policy, which the baseline called at this point.',
    )
    const reversible = diverge(
      { calls: [call.note('customer called')] },
      { calls: [call.lookup()] },
    )
    expect(reversible?.detail).toBe(
      'The baseline called the reversible add_order_note without first calling lookup_order, which the candidate called at this point.',
    )
    const reads = diverge({ calls: [call.policy()] }, { calls: [call.lookup()] })
    expect(reads?.detail).toBe(
      'Both calls are reads: the candidate called lookup_order where the baseline called get_refund_policy; every step before this one matched.',
    )
  })

  it('does not claim a check was skipped when both sides had already made it', () => {
    const divergence = diverge(
      { calls: [call.policy(), call.lookup(), call.policy()] },
      { calls: [call.policy(), call.lookup(), call.refund(40)] },
    )
    expect(divergence?.detail).toBe(
      'The candidate called the irreversible refund_payment at this point, where the baseline called get_refund_policy again.',
    )
  })

  it('finds other arguments, naming each differing argument with both values', () => {
    const divergence = diverge(
      { calls: [call.lookup(), call.refund(40, 'refund-ORD-1001')] },
      { calls: [call.lookup(), call.refund(80)] },
    )
    expect(divergence?.kind).toBe('arguments')
    expect(divergence?.sentence).toBe(
      'At step 2 the baseline called refund_payment(amount=40, idempotency_key=refund-ORD-1001, order_id=ORD-1001); the candidate called refund_payment(amount=80, order_id=ORD-1001).',
    )
    expect(divergence?.detail).toBe(
      'Both sides called the irreversible refund_payment with different arguments: amount was 40 on the baseline and 80 on the candidate; idempotency_key (the idempotency argument) was refund-ORD-1001 on the baseline and absent on the candidate.',
    )
  })

  it('compares idempotency keys by presence: agents mint their own', () => {
    const divergence = diverge(
      { calls: [call.lookup(), call.refund(40, 'key-from-baseline')] },
      { calls: [call.lookup(), call.refund(40, 'key-from-candidate')] },
    )
    expect(divergence).toBeUndefined()
  })

  it('finds another result: a retry with a new key refunds again where the same key replays', () => {
    const divergence = diverge(
      { calls: [call.refund(40, 'refund-key-1'), call.lookup(), call.refund(40, 'refund-key-1')] },
      { calls: [call.refund(40, 'refund-key-1'), call.lookup(), call.refund(40, 'refund-key-2')] },
      timeoutOnFirstRefund,
    )
    expect(divergence?.kind).toBe('result')
    expect(divergence?.step).toBe(3)
    expect(divergence?.sentence).toBe(
      'At step 3 the baseline called refund_payment(amount=40, idempotency_key=refund-key-1, order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-key-2, order_id=ORD-1001).',
    )
    expect(divergence?.detail).toBe(
      'On the baseline the twin answered from its idempotency store with no second effect; on the candidate the call changed orders.ORD-1001.refunded_amount from 40 to 80, orders.ORD-1001.refund_count from 1 to 2 and orders.ORD-1001.refundable_amount from 88 to 48.',
    )
  })

  it('finds another result when a fault met only one side, and names both of its facts', () => {
    const divergence = diverge(
      { calls: [call.lookup(), call.refund(40, 'refund-key-A')] },
      { calls: [call.lookup(), call.refund(40, 'refund-key-B')] },
      {
        id: 'fault-by-key',
        faults: [
          {
            id: 'timeout-for-key-a',
            tool: 'refund_payment',
            when: { args: { idempotency_key: 'refund-key-A' } },
            fault: 'timeout_after_mutation',
          },
        ],
      },
    )
    expect(divergence?.kind).toBe('result')
    expect(divergence?.detail).toBe(
      'Both calls had the same state effect (the call changed orders.ORD-1001.refunded_amount from 0 to 40, orders.ORD-1001.refund_count from 0 to 1 and orders.ORD-1001.refundable_amount from 128 to 88); only what the caller saw differs: 504 with fault timeout_after_mutation on the baseline, 200 on the candidate. On the baseline, fault timeout_after_mutation was injected: the dependency applied the effect and the caller saw 504.',
    )
  })

  it('finds a handoff only one side made (a policy decision)', () => {
    const divergence = diverge(
      { calls: [call.lookup(), call.handoff('refund not recorded')], outcome: 'PARTIAL' },
      { calls: [call.lookup(), call.email('Your refund is done')] },
    )
    expect(divergence?.kind).toBe('policy')
    expect(divergence?.sentence).toBe(
      'At step 2 the baseline called handoff_to_human(order_id=ORD-1001, reason=refund not recorded); the candidate called send_customer_email(subject=Your refund is done, to=maya@example.com).',
    )
    expect(divergence?.detail).toBe(
      'The baseline handed the case to a human via handoff_to_human; the candidate did not hand off: it sent an outbound message via send_customer_email instead.',
    )
  })

  it("finds a rejection by the twin's own rules that only one side hit", () => {
    const divergence = diverge(
      { calls: [call.lookup(), call.refund(40)] },
      { calls: [call.lookup(), call.refund(500)] },
    )
    expect(divergence?.kind).toBe('policy')
    expect(divergence?.candidate).toMatchObject({ policy: { kind: 'rejected', status: 409 } })
    expect(divergence?.detail).toBe(
      "The twin rejected the candidate's refund_payment call by its own rules (its own answer was 409, not an injected fault); the baseline's refund_payment call was not rejected.",
    )
  })

  it('finds a side that stopped earlier', () => {
    const divergence = diverge(
      { calls: [call.lookup(), call.refund(40, 'refund-ORD-1001'), call.lookup()] },
      { calls: [call.lookup(), call.refund(40, 'refund-ORD-1001')] },
    )
    expect(divergence?.kind).toBe('stopped-earlier')
    expect(divergence?.step).toBe(3)
    expect(divergence?.sentence).toBe(
      'At step 3 the baseline called lookup_order(order_id=ORD-1001); the candidate made no further tool call and reported SUCCESS.',
    )
    expect(divergence?.detail).toBe(
      'The baseline went on and called the read-only lookup_order, making 3 tool calls in all; the candidate made 2.',
    )
  })

  it('finds another reported outcome after identical calls', () => {
    const divergence = diverge(
      { calls: [call.lookup()], outcome: 'PARTIAL' },
      { calls: [call.lookup()], outcome: 'SUCCESS' },
    )
    expect(divergence).toMatchObject({
      step: 2,
      kind: 'outcome',
      sentence:
        'At step 2 both sides stopped calling tools; the baseline reported PARTIAL and the candidate reported SUCCESS.',
      detail: 'The one tool call matched on both sides; only the reported outcome differs.',
    })
  })

  it('counts a side that did not finish as another outcome', () => {
    const divergence = diverge(
      { calls: [call.lookup()] },
      { calls: [call.lookup()], error: { kind: 'timeout', message: 'no answer within 30000 ms' } },
    )
    expect(divergence?.kind).toBe('outcome')
    expect(divergence?.sentence).toBe(
      'At step 2 both sides stopped calling tools; the baseline reported SUCCESS and the candidate did not finish (timeout).',
    )
    expect(divergence?.detail).toBe(
      'The one tool call matched on both sides. The candidate did not finish: timeout (no answer within 30000 ms).',
    )
  })

  it('finds no divergence when a version is paired with itself', () => {
    const script: Script = {
      calls: [call.lookup(), call.policy(), call.refund(40, 'refund-ORD-1001'), call.lookup()],
    }
    const run = runCase(timeoutOnFirstRefund, v124, script)
    const again = runCase(timeoutOnFirstRefund, v124, script)
    expect(firstDivergence(run, again)).toBeUndefined()
    expect(firstDivergence(run, run)).toBeUndefined()
  })
})

describe('toSteps', () => {
  it('builds steps from the twin records, with faults, effects, policy decisions and the outcome', () => {
    const run = runCase(timeoutOnFirstRefund, v130, {
      calls: [call.refund(40), call.refund(40), call.handoff('two refunds')],
      outcome: 'PARTIAL',
    })
    run.result!.toolCalls = [{ tool: 'lookup_order' }]
    const steps = toSteps(run)
    expect(steps.map((step) => step.kind)).toEqual(['call', 'call', 'call', 'outcome'])
    expect(steps[0]).toMatchObject({
      step: 1,
      tool: 'refund_payment',
      result: 'server-error',
      status: 504,
      fault: { type: 'timeout_after_mutation', dependency: 'applied' },
      idempotencyArgument: 'idempotency_key',
    })
    expect(steps[1]).toMatchObject({ result: 'success', effect: { replay: false } })
    expect(steps[2]).toMatchObject({ tool: 'handoff_to_human', policy: { kind: 'handoff' } })
    expect(steps[3]).toEqual({ kind: 'outcome', step: 4, finished: true, outcome: 'PARTIAL' })
  })
})
