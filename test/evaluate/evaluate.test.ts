import { describe, expect, it, vi } from 'vitest'
import type { ExpectationResult } from '../../src/core/expectation-result.ts'
import { evaluateExpectation, evaluateExpectations } from '../../src/evaluate/index.ts'
import { evaluatorOf } from '../../src/evaluate/registry.ts'
import { fault } from '../../src/faults/index.ts'
import type { ExpectationDocument } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const refund = { order_id: 'ORD-1001', amount: 40, idempotency_key: 'k' }

/** One expectation of every type, all of which pass on the careful run below. */
const everyType: ExpectationDocument[] = [
  {
    id: 'one-refund',
    type: 'state',
    path: 'orders.ORD-1001.refund_count',
    equals: 1,
    critical: true,
  },
  { id: 'refund-once', type: 'noDuplicateSideEffect', tool: 'refund_payment' },
  { id: 'backed', type: 'outcomeVerified', path: 'orders.ORD-1001.refunded_amount', equals: 40 },
  { id: 'policy-first', type: 'callOrder', before: 'get_refund_policy', after: 'refund_payment' },
  { id: 'refunded', type: 'calledTool', tool: 'refund_payment', times: 1 },
  { id: 'no-handoff-tool-misuse', type: 'notCalledTool', tool: 'update_customer' },
  {
    id: 'path',
    type: 'trajectory',
    mode: 'superset',
    steps: [{ tool: 'get_refund_policy' }, { tool: 'refund_payment' }],
  },
  { id: 'no-handoff', type: 'handoff', expected: false },
  { id: 'retries', type: 'maxRetries', tool: 'refund_payment', max: 0 },
  { id: 'collateral', type: 'noCollateralChanges', allow: ['orders.ORD-1001'] },
  { id: 'reply', type: 'judge', criterion: 'The reply confirms the refund of 40 USD.' },
  { id: 'contract', type: 'contract', contract: 'contracts/refund.yaml', entity: 'ORD-1001' },
]
const deterministic = everyType.filter((e) => e.type !== 'judge' && e.type !== 'contract')

const carefulCalls = [
  call('lookup_order', { order_id: 'ORD-1001' }),
  call('get_refund_policy', { order_id: 'ORD-1001' }),
  call('refund_payment', refund),
  call('lookup_order', { order_id: 'ORD-1001' }),
]

function passJudge(id: string): ExpectationResult {
  return { id, type: 'judge', critical: false, label: 'PASS', message: 'judged', evidence: null }
}

describe('evaluateExpectation', () => {
  it('passes every deterministic type on a careful run, critical defaulting to false', async () => {
    const run = runCase({ calls: carefulCalls })
    const results = await evaluateExpectations(deterministic, run)
    expect(results.map((r) => [r.id, r.label])).toEqual(deterministic.map((e) => [e.id, 'PASS']))
    expect(results.map((r) => r.critical)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })

  it('fails the same expectations on a hasty run with a blind retry', async () => {
    const run = runCase({
      calls: [
        call('refund_payment', { order_id: 'ORD-1001', amount: 40 }),
        call('refund_payment', { order_id: 'ORD-1001', amount: 40 }),
      ],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const results = await evaluateExpectations(deterministic, run)
    expect(Object.fromEntries(results.map((r) => [r.id, r.label]))).toEqual({
      'one-refund': 'FAIL',
      'refund-once': 'FAIL',
      backed: 'STATE_MISMATCH',
      'policy-first': 'FAIL',
      refunded: 'FAIL',
      'no-handoff-tool-misuse': 'PASS',
      path: 'FAIL',
      'no-handoff': 'PASS',
      retries: 'FAIL',
      collateral: 'PASS',
    })
  })

  it('gives ERROR for every type when the case did not finish', async () => {
    const run = runCase({
      calls: carefulCalls,
      unfinished: { kind: 'timeout', message: 'the agent did not answer within 30000 ms' },
    })
    const judge = vi.fn(async () => passJudge('reply'))
    const results = await evaluateExpectations(everyType, run, { judge })
    expect(results.map((r) => r.label)).toEqual(everyType.map(() => 'ERROR'))
    expect(judge).not.toHaveBeenCalled()
    for (const result of results) {
      expect(result.message).toBe(
        'Cannot evaluate: the case did not finish (timeout: the agent did not answer within 30000 ms). Unknown is never a pass; fix the run so the agent answers, then evaluate again.',
      )
    }
  })

  it('gives ERROR from every evaluator called directly on an unfinished case', async () => {
    const run = runCase({ calls: carefulCalls, unfinished: { kind: 'threw', message: 'boom' } })
    for (const expectation of deterministic) {
      const result = await evaluatorOf(expectation.type)!(expectation as never, run, {})
      expect([expectation.type, result.label]).toEqual([expectation.type, 'ERROR'])
    }
  })

  it("never reads the agent's own list of tool calls", async () => {
    const run = runCase({ calls: carefulCalls })
    Object.defineProperty(run.result!, 'toolCalls', {
      get() {
        throw new Error('evaluators must not read result.toolCalls')
      },
    })
    const results = await evaluateExpectations(deterministic, run)
    expect(results.map((r) => r.label)).toEqual(deterministic.map(() => 'PASS'))
  })

  it('hands judge and contract expectations to the configured evaluators', async () => {
    const run = runCase({ calls: carefulCalls })
    const judge = vi.fn(async () => passJudge('reply'))
    const contract = vi.fn(async () => ({
      ...passJudge('contract'),
      type: 'contract' as const,
      label: 'FAIL' as const,
    }))
    const [judged, contracted] = await evaluateExpectations(everyType.slice(10), run, {
      judge,
      contract,
    })
    expect(judge).toHaveBeenCalledWith(everyType[10], run)
    expect(contract).toHaveBeenCalledWith(everyType[11], run)
    expect(judged!.label).toBe('PASS')
    expect(contracted!.label).toBe('FAIL')
  })

  it('is an ERROR, saying how to configure it, when no judge or contract evaluator is given', async () => {
    const run = runCase({ calls: carefulCalls })
    const [judged, contracted] = await evaluateExpectations(everyType.slice(10), run)
    expect(judged).toMatchObject({ id: 'reply', type: 'judge', label: 'ERROR' })
    expect(judged!.message).toMatchInlineSnapshot(
      `"Cannot evaluate: no judge evaluator is configured for judge "reply". Fix: configure a judge provider in the AgentTwin Vitest plugin options, or pass \`judge\` in EvaluateOptions."`,
    )
    expect(contracted).toMatchObject({ id: 'contract', type: 'contract', label: 'ERROR' })
    expect(contracted!.message).toMatchInlineSnapshot(
      `"Cannot evaluate: no contract evaluator is configured for contract "contract". Fix: pass \`contract\` in EvaluateOptions (the scenario runner does this when it loads contract.v1 documents)."`,
    )
  })

  it('turns a throwing judge into an ERROR result', async () => {
    const run = runCase({ calls: carefulCalls })
    const judge = async (): Promise<ExpectationResult> => {
      throw new Error('socket hang up')
    }
    const result = await evaluateExpectation(everyType[10]!, run, { judge })
    expect(result).toMatchObject({ id: 'reply', label: 'ERROR' })
    expect(result.message).toMatchInlineSnapshot(
      `"Cannot evaluate: evaluating judge "reply" threw Error: socket hang up. Unknown is never a pass."`,
    )
  })

  it('is an ERROR for an expectation type it does not know', async () => {
    const run = runCase({ calls: carefulCalls })
    const result = await evaluateExpectation(
      { id: 'x', type: 'stateEquals' } as unknown as ExpectationDocument,
      run,
    )
    expect(result).toMatchObject({ id: 'x', label: 'ERROR', critical: false })
    expect(result.message).toMatch(
      /^Cannot evaluate: "stateEquals" is not an expectation type\. Use one of /,
    )
    // Every type the registry evaluates is offered, the conversation ones included.
    const offered = result.message
      .replace(/^.*Use one of /, '')
      .replace(/\.$/, '')
      .split(', ')
    expect(offered).toContain('claimLedger')
    expect(offered).toContain('attackerGoal')
    expect(offered).toHaveLength(new Set(offered).size)
    for (const type of offered) expect(evaluatorOf(type)).toBeTypeOf('function')
  })
})
