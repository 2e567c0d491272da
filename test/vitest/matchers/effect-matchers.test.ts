import { beforeAll, describe, expect, it } from 'vitest'
import { evaluatorFor } from '../../../src/evaluate/registry.ts'
import '../../../src/public/vitest-setup.ts'
import { expectationDiff } from '../../../src/vitest/runtime/expectation-diff.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { demoRun, demoRuns, failureOf, RUNS_TIMEOUT_MS } from './support.ts'

beforeAll(
  () =>
    demoRuns([
      ['refund-happy-path', 'v1.2.4'],
      ['refund-timeout-after-mutation', 'v1.2.4'],
      ['refund-timeout-after-mutation', 'v1.3.0'],
    ]),
  RUNS_TIMEOUT_MS,
)

describe('toHaveNoDuplicateSideEffect', () => {
  it('counts the effect keys the twin applied, per tool or for every keyed tool', async () => {
    const careful = await demoRun('refund-timeout-after-mutation', 'v1.2.4')
    const blind = await demoRun('refund-timeout-after-mutation', 'v1.3.0')
    expect(careful).toHaveNoDuplicateSideEffect('refund_payment')
    expect(careful).toHaveNoDuplicateSideEffect()
    expect(blind).not.toHaveNoDuplicateSideEffect()
    const failure = failureOf(() => expect(blind).toHaveNoDuplicateSideEffect('refund_payment'))
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toHaveNoDuplicateSideEffect(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.3.0) to apply no effect of refund_payment twice.
      Evidence (FAIL): Effect refund:ORD-1001 was applied 2 times: refund_payment #2 (fault timeout_after_mutation, caller saw status 504) and #3."
    `)
    expect(failure.actual).toEqual({ 'refund:ORD-1001': 2 })
    expect(failure.expected).toEqual({ 'refund:ORD-1001': 1 })
  })

  it('says so under .not when nothing was applied twice', async () => {
    const careful = await demoRun('refund-timeout-after-mutation', 'v1.2.4')
    const failure = failureOf(() =>
      expect(careful).not.toHaveNoDuplicateSideEffect('refund_payment'),
    )
    expect(normaliseText(failure.message)).toMatchInlineSnapshot(`
      "expect(run).not.toHaveNoDuplicateSideEffect(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.2.4) to apply an effect of refund_payment more than once.
      Evidence (PASS): No effect was applied twice: refund:ORD-1001 once (#3)."
    `)
  })

  it('is refused for a tool without an effect key, with or without .not', async () => {
    const careful = await demoRun('refund-timeout-after-mutation', 'v1.2.4')
    const failures = [
      failureOf(() => expect(careful).toHaveNoDuplicateSideEffect('lookup_order')),
      failureOf(() => expect(careful).not.toHaveNoDuplicateSideEffect('lookup_order')),
    ]
    expect(failures.map((failure) => normaliseText(failure.message))).toMatchInlineSnapshot(`
      [
        "toHaveNoDuplicateSideEffect: tool: tool \`lookup_order\` has no \`effectKey\`, so a duplicate of its effect cannot be recognised. Fix: give the tool an \`effectKey\` in the twin (e.g. \`effectKey: "refund:{order_id}"\`).",
        "toHaveNoDuplicateSideEffect: tool: tool \`lookup_order\` has no \`effectKey\`, so a duplicate of its effect cannot be recognised. Fix: give the tool an \`effectKey\` in the twin (e.g. \`effectKey: "refund:{order_id}"\`).",
      ]
    `)
  })
})

describe('toHaveNoCollateralChanges', () => {
  it('passes when every change lies under an allowed path, and lists the others', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    expect(good).toHaveNoCollateralChanges(['orders.ORD-1001', 'outbox'])
    expect(good).not.toHaveNoCollateralChanges(['orders.ORD-1001'])
    const failure = failureOf(() => expect(good).toHaveNoCollateralChanges(['orders.ORD-1001']))
    expect(failure.message).toMatch(
      /Evidence \(FAIL\): outbox\.\S+ was added \(.*\) \(send_customer_email #5\), outside the allowed paths orders\.ORD-1001\./,
    )
    expect(failure.actual).toEqual([
      {
        path: expect.stringMatching(/^outbox\./),
        before: null,
        after: expect.objectContaining({ status: 'queued' }),
      },
    ])
    expect(failure.expected).toEqual([])
  })

  it('shows the diff a scenario expectation of the same type shows', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    const failure = failureOf(() => expect(good).toHaveNoCollateralChanges(['orders.ORD-1001']))
    const result = await evaluatorFor('noCollateralChanges')(
      { id: 'collateral', type: 'noCollateralChanges', allow: ['orders.ORD-1001'] },
      good,
      {},
    )
    expect(expectationDiff(result)).toEqual({ actual: failure.actual, expected: failure.expected })
  })
})
