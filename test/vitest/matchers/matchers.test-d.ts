import { describe, expect, expectTypeOf, test } from 'vitest'
import type { CaseRun } from '../../../src/core/case-run.ts'
import {
  agentTwinMatchers,
  type StateExpected,
  type TestTwin,
  test as twinTest,
  valueCheck,
} from '../../../src/public/vitest.ts'
import type { ContractDocument } from '../../../src/schema/index.ts'

declare const run: CaseRun

describe('the AgentTwin matchers on expect()', () => {
  test('take the arguments of their scenario expectations', () => {
    expectTypeOf(expect(run).toHaveStateAt).parameters.toEqualTypeOf<[string, StateExpected]>()
    expectTypeOf(expect(run).toHaveStateAt('orders.ORD-1001.refund_count', 1)).toBeVoid()
    expect(run).toHaveStateAt('orders.ORD-1001', { refund_count: 1, refunds: [] })
    expect(run).toHaveStateAt('orders.ORD-1001.refund_count', valueCheck({ lte: 1 }))
    expect(run).toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
    expect(run).toHaveVerifiedOutcome()
    expect(run).toHaveNoDuplicateSideEffect()
    expect(run).toHaveNoDuplicateSideEffect('refund_payment')
    expect(run).toHaveNoCollateralChanges(['orders.ORD-1001'])
    expect(run).toHaveCalledTool('refund_payment', { amount: 40 }, { argsMode: 'subset', times: 1 })
    expect(run).toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
    expect(run).toMatchTrajectory(
      ['lookup_order', { tool: 'refund_payment', args: { amount: 40 } }],
      {
        mode: 'superset',
      },
    )
    expect(run).toHaveRetriedAtMost('refund_payment', 0)
    expect(run).toHaveHandedOff({ tool: 'handoff_to_human' })
  })

  test('have .not, .soft and the asynchronous judge and contract matchers', () => {
    expect(run).not.toHaveCalledTool('send_customer_email')
    expect.soft(run).toHaveHandedOff()
    expectTypeOf(expect(run).toPassJudge('The reply says the refund is pending')).toEqualTypeOf<
      Promise<void>
    >()
    expectTypeOf(expect(run).not.toPassJudge('x', { threshold: 0.8 })).toEqualTypeOf<
      Promise<void>
    >()
    expectTypeOf(expect(run).toSatisfyContract('refund.contract.yaml', 'ORD-1001')).toEqualTypeOf<
      Promise<void>
    >()
    expectTypeOf(expect(run).toSatisfyContract)
      .parameter(0)
      .toEqualTypeOf<string | URL | ContractDocument>()
  })

  test('refuse arguments a scenario could not say', () => {
    // @ts-expect-error max is a number
    expect(run).toHaveRetriedAtMost('refund_payment', '1')
    // @ts-expect-error state holds JSON, not functions
    expect(run).toHaveStateAt('orders.ORD-1001.refund_count', () => 1)
    // @ts-expect-error there is no "loose" trajectory mode
    expect(run).toMatchTrajectory(['lookup_order'], { mode: 'loose' })
    // @ts-expect-error argsMode is exact, ignore, subset or superset
    expect(run).toHaveCalledTool('refund_payment', {}, { argsMode: 'fuzzy' })
    // @ts-expect-error a value check has known checks only
    valueCheck({ between: [1, 2] })
    // @ts-expect-error the judge criterion is a string
    void expect(run).toPassJudge({ criterion: 'x' })
  })

  test('agentTwinMatchers fits expect.extend', () => {
    expect.extend(agentTwinMatchers)
  })
})

describe('the fixtures', () => {
  test('type run, scenario and twin', () => {
    twinTest('a scenario test', async ({ run: runScenario, scenario, twin }) => {
      expectTypeOf(runScenario).returns.toEqualTypeOf<Promise<CaseRun>>()
      expectTypeOf(scenario.seed).toBeNumber()
      expectTypeOf(twin).toEqualTypeOf<TestTwin>()
      expectTypeOf(twin.caseRun()).toEqualTypeOf<CaseRun>()
    })
  })
})
