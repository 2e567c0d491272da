import { describe, expect, it } from 'vitest'
import { evaluateTrajectory } from '../../src/evaluate/index.ts'
import type { TrajectoryExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const lookup = call('lookup_order', { order_id: 'ORD-1001' })
const policy = call('get_refund_policy', { order_id: 'ORD-1001' })
const refund = call('refund_payment', { order_id: 'ORD-1001', amount: 40, idempotency_key: 'k' })
const email = call('send_customer_email', { to: 'ana@example.test', subject: 'Refunded' })

const careful = runCase({ calls: [lookup, policy, refund, lookup] })
const hasty = runCase({ calls: [refund, email] })

function trajectory(
  mode: TrajectoryExpectation['mode'],
  steps: TrajectoryExpectation['steps'],
  argsMode?: TrajectoryExpectation['argsMode'],
): TrajectoryExpectation {
  return { id: 'path', type: 'trajectory', mode, steps, ...(argsMode ? { argsMode } : {}) }
}

const carefulSteps = [
  { tool: 'lookup_order' },
  { tool: 'get_refund_policy' },
  { tool: 'refund_payment', args: { amount: 40 } },
  { tool: 'lookup_order' },
]

describe('trajectory', () => {
  it('strict: passes for the same calls in the same order', () => {
    const result = evaluateTrajectory(trajectory('strict', carefulSteps), careful)
    expect(result).toMatchObject({
      label: 'PASS',
      message: 'The 4 recorded calls follow the 4 steps in order.',
    })
  })

  it('strict: fails at the first difference', () => {
    const result = evaluateTrajectory(trajectory('strict', carefulSteps), hasty)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'Trajectory (strict) differs: at step 1 expected lookup_order(), the twin recorded refund_payment(amount=40, idempotency_key=k, order_id=ORD-1001) #1.',
    )
  })

  it('strict: fails when the agent stops early or goes on', () => {
    const short = evaluateTrajectory(
      trajectory('strict', [...carefulSteps, { tool: 'send_customer_email' }]),
      careful,
    )
    expect(short.message).toBe(
      'Trajectory (strict) differs: at step 5 expected send_customer_email(), but the agent made only 4 calls.',
    )
    const long = evaluateTrajectory(trajectory('strict', carefulSteps.slice(0, 3)), careful)
    expect(long.message).toBe(
      'Trajectory (strict) differs: the trajectory has 3 steps, but the agent went on with lookup_order(order_id=ORD-1001) #4.',
    )
  })

  it('strict: compares arguments (subset by default, exact on request)', () => {
    const wrongAmount = carefulSteps.map((s) =>
      s.tool === 'refund_payment' ? { ...s, args: { amount: 80 } } : s,
    )
    expect(evaluateTrajectory(trajectory('strict', wrongAmount), careful).label).toBe('FAIL')
    const exact = trajectory('strict', carefulSteps, 'exact')
    expect(evaluateTrajectory(exact, careful).label).toBe('FAIL')
    expect(evaluateTrajectory(trajectory('strict', wrongAmount, 'ignore'), careful).label).toBe(
      'PASS',
    )
  })

  it('unordered: passes for the same calls in another order, fails for missing or extra ones', () => {
    const shuffled = [carefulSteps[3]!, carefulSteps[2]!, carefulSteps[0]!, carefulSteps[1]!]
    expect(evaluateTrajectory(trajectory('unordered', shuffled), careful).label).toBe('PASS')
    const result = evaluateTrajectory(trajectory('unordered', carefulSteps), hasty)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'Trajectory (unordered) differs: never called lookup_order(), get_refund_policy() and lookup_order(); called outside the trajectory: send_customer_email(subject=Refunded, to=ana@example.test) #2.',
    )
  })

  it('superset: every step appears, extra calls are fine', () => {
    const required = [{ tool: 'get_refund_policy' }, { tool: 'refund_payment' }]
    const pass = evaluateTrajectory(trajectory('superset', required), careful)
    expect(pass).toMatchObject({
      label: 'PASS',
      message: 'Trajectory (superset) matches: all 2 steps were called among 4 recorded calls.',
    })
    const fail = evaluateTrajectory(trajectory('superset', required), hasty)
    expect(fail.message).toBe('Trajectory (superset) differs: never called get_refund_policy().')
  })

  it('superset: a step is matched to one call only', () => {
    const twice = [{ tool: 'refund_payment' }, { tool: 'refund_payment' }]
    const result = evaluateTrajectory(trajectory('superset', twice), careful)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe('Trajectory (superset) differs: never called refund_payment().')
  })

  it('superset: finds a pairing that greedy matching would miss', () => {
    // Step 1 (ignore args) could take #1, leaving step 2 (ORD-1001 only fits #1) unmatched.
    const run = runCase({ calls: [lookup, call('lookup_order', { order_id: 'ORD-2002' })] })
    const steps = [
      { tool: 'lookup_order' },
      { tool: 'lookup_order', args: { order_id: 'ORD-1001' } },
    ]
    expect(evaluateTrajectory(trajectory('superset', steps), run).label).toBe('PASS')
  })

  it('subset: every call is one of the steps, steps may be left out', () => {
    const allowed = [...carefulSteps, { tool: 'handoff_to_human' }]
    expect(evaluateTrajectory(trajectory('subset', allowed), careful).label).toBe('PASS')
    const fail = evaluateTrajectory(trajectory('subset', allowed), hasty)
    expect(fail.message).toBe(
      'Trajectory (subset) differs: called outside the trajectory: send_customer_email(subject=Refunded, to=ana@example.test) #2.',
    )
  })

  it('is an ERROR for a step naming a tool the twin does not have', () => {
    const result = evaluateTrajectory(trajectory('strict', [{ tool: 'refund' }]), careful)
    expect(result.label).toBe('ERROR')
  })
})
