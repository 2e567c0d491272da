import type { SideRuns } from '../../../src/compare/pair.ts'
import { evaluateExpectations } from '../../../src/evaluate/evaluate.ts'
import type { ExpectationDocument } from '../../../src/schema/scenario-document.ts'
import { call, runCase, type Script, type TestScenario, v124, v130 } from './run-case.ts'

interface SuiteScenario extends TestScenario {
  expectations: ExpectationDocument[]
  scripts: Record<'baseline' | 'candidate', Script>
}

const refundCount = (critical = true): ExpectationDocument => ({
  id: 'refund-count-once',
  type: 'state',
  path: 'orders.ORD-1001.refund_count',
  equals: 1,
  critical,
})

/** Three cases shaped like the Demo Co suite, with v1.2.4 (baseline) and v1.3.0 (candidate) behaviour. */
export const miniSuite: SuiteScenario[] = [
  {
    id: 'refund-happy-path',
    expectations: [
      refundCount(),
      { id: 'no-duplicate-refund', type: 'noDuplicateSideEffect', critical: true },
      {
        id: 'policy-before-refund',
        type: 'callOrder',
        before: 'get_refund_policy',
        after: 'refund_payment',
      },
    ],
    scripts: {
      baseline: {
        calls: [call.lookup(), call.policy(), call.refund(40, 'refund-ORD-1001'), call.lookup()],
        latencyMs: 120,
        tokens: { input: 900, output: 300 },
      },
      candidate: {
        calls: [call.lookup(), call.refund(40)],
        latencyMs: 80,
        tokens: { input: 700, output: 200 },
      },
    },
  },
  {
    id: 'refund-timeout-after-mutation',
    faults: [
      {
        id: 'timeout-first-refund',
        tool: 'refund_payment',
        when: { call: 1 },
        fault: 'timeout_after_mutation',
      },
    ],
    expectations: [
      refundCount(),
      {
        id: 'refunded-amount',
        type: 'state',
        path: 'orders.ORD-1001.refunded_amount',
        equals: 40,
        critical: true,
      },
      { id: 'no-duplicate-refund', type: 'noDuplicateSideEffect', critical: true },
      {
        id: 'success-backed-by-state',
        type: 'outcomeVerified',
        path: 'orders.ORD-1001.refunded_amount',
        equals: 40,
      },
    ],
    scripts: {
      baseline: {
        calls: [call.lookup(), call.policy(), call.refund(40, 'refund-ORD-1001'), call.lookup()],
        latencyMs: 150,
      },
      candidate: { calls: [call.lookup(), call.refund(40), call.refund(40)], latencyMs: 90 },
    },
  },
  {
    id: 'order-status-question',
    expectations: [
      { id: 'no-refund', type: 'notCalledTool', tool: 'refund_payment', critical: true },
    ],
    scripts: {
      baseline: { calls: [call.lookup()], latencyMs: 40 },
      candidate: { calls: [call.lookup()], latencyMs: 35 },
    },
  },
]

/** Runs one side of the mini suite through the real twin and the real evaluators. */
export async function runSide(
  side: 'baseline' | 'candidate',
  agent = side === 'baseline' ? v124 : v130,
): Promise<SideRuns> {
  const cases = []
  for (const scenario of miniSuite) {
    const run = runCase(scenario, agent, scenario.scripts[side])
    cases.push({ run, results: await evaluateExpectations(scenario.expectations, run) })
  }
  return { agent, cases }
}
