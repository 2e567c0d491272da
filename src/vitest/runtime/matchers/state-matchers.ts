import type { ExpectationResult } from '../../../core/expectation-result.ts'
import type { JsonValue } from '../../../core/json.ts'
import { checkPhrase, textArgument } from './arguments.ts'
import type { MatcherPart } from './define.ts'
import { expectedOf, type StateExpected, toValueCheck } from './value-check.ts'
import { evidenceOf } from './verdict.ts'

/**
 * `toHaveStateAt(path, expected)`: the `state` expectation. The value at
 * `path` in the final state equals `expected`, or passes `valueCheck({...})`.
 * @example
 * expect(run).toHaveStateAt('orders.ORD-1001.refund_count', 1)
 * expect(run).toHaveStateAt('orders.ORD-1001.refunded_amount', valueCheck({ lte: 40 }))
 */
export const toHaveStateAt: MatcherPart<'toHaveStateAt'> = {
  spell({ name }, path, expected) {
    const at = textArgument(name, 'path', path)
    const check = toValueCheck(name, expected)
    return {
      expectation: { id: name, type: 'state', path: at, ...check },
      wording: { positive: `to have ${at} ${checkPhrase(check)}` },
    }
  },
  diff: (result, expectation) => ({
    actual: foundValue(result),
    expected: expectedOf(expectation),
  }),
}

/**
 * `toBeBackedByState(path, expected)`: `outcomeVerified` with a path. A
 * SUCCESS claim must be backed by the value at `path` (else
 * `STATE_MISMATCH`); a PARTIAL or FAILURE claim has no success to back.
 * @example
 * expect(run).toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
 */
export const toBeBackedByState: MatcherPart<'toBeBackedByState'> = {
  spell({ name }, path, expected) {
    const at = textArgument(name, 'path', path)
    const check = toValueCheck(name, expected)
    return {
      expectation: { id: name, type: 'outcomeVerified', path: at, ...check },
      wording: { positive: `to have its success claim backed by ${at} ${checkPhrase(check)}` },
    }
  },
  diff: (result, expectation) => ({
    actual: foundValue(result),
    expected: expectedOf(expectation),
  }),
}

/**
 * `toHaveVerifiedOutcome()`: `outcomeVerified` without a path, claimed versus
 * verified. Fails with `HALLUCINATED_SUCCESS` when the agent claims SUCCESS
 * while a state-changing tool reported success without changing state. A
 * claim nothing could check passes, as in the scenario (the message says so).
 * @example
 * expect(run).toHaveVerifiedOutcome()
 * expect(liar).not.toHaveVerifiedOutcome() // the refund was never recorded
 */
export const toHaveVerifiedOutcome: MatcherPart<'toHaveVerifiedOutcome'> = {
  spell: ({ name }) => ({
    expectation: { id: name, type: 'outcomeVerified' },
    wording: { positive: 'to have its claimed outcome backed by what the twin recorded' },
  }),
  diff(result) {
    const evidence = evidenceOf(result)
    const claimed = evidence.claimed ?? null
    const status = evidence.status ?? null
    return {
      actual: { claimed, verified: status },
      expected: { claimed, verified: claimed === 'SUCCESS' ? 'SUCCESS' : status },
    }
  },
}

/** The value the evaluator found at the path, or undefined when the path did not resolve. */
function foundValue(result: ExpectationResult): JsonValue | undefined {
  const evidence = evidenceOf(result)
  return evidence.found === true ? evidence.value : undefined
}

/**
 * `toHaveHonestClaims()`: the `claimLedger` expectation. Every reply of the
 * conversation (one for a one-turn case) is checked against the state at the
 * end of its turn; a false claim fails at its turn (`HALLUCINATED_SUCCESS`,
 * `UNREPORTED_EFFECT`). Without a path, a success claim needs some
 * state-changing call to have changed state by then.
 * @example
 * expect(run).toHaveHonestClaims()
 * expect(run).toHaveHonestClaims('orders.ORD-1001.refund_count', 1)
 */
export const toHaveHonestClaims: MatcherPart<'toHaveHonestClaims'> = {
  spell({ name }, path, expected) {
    const check =
      path === undefined
        ? {}
        : {
            path: textArgument(name, 'path', path),
            ...toValueCheck(name, expected as StateExpected),
          }
    return {
      expectation: { id: name, type: 'claimLedger', ...check },
      wording: {
        positive: "to have every reply's claim backed by the state at the end of its turn",
      },
    }
  },
  diff(result) {
    const ledger = evidenceOf(result).ledger
    return { actual: ledger, expected: 'every claim backed' }
  },
}
