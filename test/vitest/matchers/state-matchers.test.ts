import { beforeAll, describe, expect, it } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { InvalidMatcherArgumentError } from '../../../src/vitest/runtime/matchers/errors.ts'
import { valueCheck } from '../../../src/vitest/runtime/matchers/value-check.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { demoRun, demoRuns, failureOf, RUNS_TIMEOUT_MS } from './support.ts'

beforeAll(
  () =>
    demoRuns([
      ['refund-timeout-after-mutation', 'v1.2.4'],
      ['refund-timeout-after-mutation', 'v1.3.0'],
      ['refund-happy-path', 'v1.2.4'],
      ['refund-tool-success-lie', 'v1.2.4'],
      ['refund-tool-success-lie', 'v1.3.0'],
    ]),
  RUNS_TIMEOUT_MS,
)

describe('toHaveStateAt', () => {
  it('passes on the state the twin ended in, and fails with the evaluator evidence', async () => {
    const good = await demoRun('refund-timeout-after-mutation', 'v1.2.4')
    const bad = await demoRun('refund-timeout-after-mutation', 'v1.3.0')
    expect(good).toHaveStateAt('orders.ORD-1001.refund_count', 1)
    expect(bad).toHaveStateAt('orders.ORD-1001.refund_count', 2)
    const failure = failureOf(() => expect(bad).toHaveStateAt('orders.ORD-1001.refund_count', 1))
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toHaveStateAt(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.3.0) to have orders.ORD-1001.refund_count that equals 1.
      Evidence (FAIL): orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #2 and #3."
    `)
    expect(failure.actual).toBe(2)
    expect(failure.expected).toBe(1)
  })

  it('says what it found under .not', async () => {
    const good = await demoRun('refund-timeout-after-mutation', 'v1.2.4')
    expect(good).not.toHaveStateAt('orders.ORD-1001.refund_count', 2)
    const failure = failureOf(() =>
      expect(good).not.toHaveStateAt('orders.ORD-1001.refund_count', 1),
    )
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toHaveStateAt(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.2.4) not to have orders.ORD-1001.refund_count that equals 1.
      Evidence (PASS): orders.ORD-1001.refund_count is 1, as expected; changed by refund_payment #3."
    `)
  })

  it('takes the value checks of a scenario through valueCheck()', async () => {
    const bad = await demoRun('refund-timeout-after-mutation', 'v1.3.0')
    expect(bad).toHaveStateAt('orders.ORD-1001.refunded_amount', valueCheck({ gt: 40 }))
    expect(bad).toHaveStateAt('orders.ORD-1001.status', valueCheck({ exists: true }))
    expect(bad).toHaveStateAt('orders.ORD-1001', valueCheck({ matches: { refund_count: 2 } }))
    const failure = failureOf(() =>
      expect(bad).toHaveStateAt('orders.ORD-1001.refunded_amount', valueCheck({ lte: 40 })),
    )
    expect(normaliseText(failure.message)).toMatchInlineSnapshot(`
      "expect(run).toHaveStateAt(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.3.0) to have orders.ORD-1001.refunded_amount that is <= 40.
      Evidence (FAIL): orders.ORD-1001.refunded_amount is 80, expected <= 40; changed by refund_payment #2 and #3."
    `)
    expect(failure.actual).toBe(80)
    expect(failure.expected).toEqual({ lte: 40 })
  })

  it('fails with and without .not when the path does not resolve (unknown is never a pass)', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    const plain = failureOf(() => expect(good).toHaveStateAt('orders.ORD-9999.refund_count', 1))
    const negated = failureOf(() =>
      expect(good).not.toHaveStateAt('orders.ORD-9999.refund_count', 1),
    )
    expect(
      [plain, negated].map((failure) => normaliseText(failure.message)),
    ).toMatchInlineSnapshot(`
        [
          "expect(run).toHaveStateAt(…)

        Expected refund-happy-path (demo-co-support@1.2.4) to have orders.ORD-9999.refund_count that equals 1.
        Evidence (ERROR, never a pass, with or without .not): Cannot evaluate: orders.ORD-9999.refund_count does not resolve in the final state (orders has no ORD-9999), so "equals 1" cannot be checked.",
          "expect(run).not.toHaveStateAt(…)

        Expected refund-happy-path (demo-co-support@1.2.4) not to have orders.ORD-9999.refund_count that equals 1.
        Evidence (ERROR, never a pass, with or without .not): Cannot evaluate: orders.ORD-9999.refund_count does not resolve in the final state (orders has no ORD-9999), so "equals 1" cannot be checked.",
        ]
      `)
  })

  it('refuses asymmetric matchers and values that are not JSON', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    expect(() =>
      expect(good).toHaveStateAt('orders.ORD-1001.refund_count', expect.any(Number)),
    ).toThrowError(InvalidMatcherArgumentError)
    expect(() =>
      expect(good).toHaveStateAt('orders.ORD-1001.placed_at', new Date(0) as never),
    ).toThrowError(/expected is a Date, not a plain object/)
  })
})

describe('toBeBackedByState', () => {
  it('is STATE_MISMATCH when a SUCCESS claim is contradicted by state', async () => {
    const good = await demoRun('refund-timeout-after-mutation', 'v1.2.4')
    const bad = await demoRun('refund-timeout-after-mutation', 'v1.3.0')
    expect(good).toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
    expect(bad).not.toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
    const failure = failureOf(() =>
      expect(bad).toBeBackedByState('orders.ORD-1001.refunded_amount', 40),
    )
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toBeBackedByState(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.3.0) to have its success claim backed by orders.ORD-1001.refunded_amount that equals 40.
      Evidence (STATE_MISMATCH): The agent claimed SUCCESS, but orders.ORD-1001.refunded_amount is 80, expected 40; changed by refund_payment #2 and #3."
    `)
    expect(failure.actual).toBe(80)
    expect(failure.expected).toBe(40)
  })

  it('has no success to back when the agent claims PARTIAL', async () => {
    const partial = await demoRun('refund-tool-success-lie', 'v1.2.4')
    expect(partial.result?.outcome).toBe('PARTIAL')
    expect(partial).toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
  })
})

describe('toHaveVerifiedOutcome', () => {
  it('catches the hallucinated success of the lie scenario', async () => {
    const honest = await demoRun('refund-tool-success-lie', 'v1.2.4')
    const liar = await demoRun('refund-tool-success-lie', 'v1.3.0')
    expect(honest).toHaveVerifiedOutcome()
    expect(liar).not.toHaveVerifiedOutcome()
    const failure = failureOf(() => expect(liar).toHaveVerifiedOutcome())
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toHaveVerifiedOutcome(…)

      Expected refund-tool-success-lie (demo-co-support@1.3.0) to have its claimed outcome backed by what the twin recorded.
      Evidence (HALLUCINATED_SUCCESS): The agent claimed SUCCESS, but refund_payment #2 answered 200 yet changed nothing (fault success_without_effect)."
    `)
    expect(failure.actual).toEqual({ claimed: 'SUCCESS', verified: 'PARTIAL' })
    expect(failure.expected).toEqual({ claimed: 'SUCCESS', verified: 'SUCCESS' })
  })

  it('fails under .not when the success is backed', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    const failure = failureOf(() => expect(good).not.toHaveVerifiedOutcome())
    expect(normaliseText(failure.message)).toMatchInlineSnapshot(`
      "expect(run).not.toHaveVerifiedOutcome(…)

      Expected refund-happy-path (demo-co-support@1.2.4) not to have its claimed outcome backed by what the twin recorded.
      Evidence (PASS): The SUCCESS claim is backed by state: every state-changing success changed state (refund_payment #3 and send_customer_email #5)."
    `)
  })
})
