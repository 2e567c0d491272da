import type { MatcherState } from 'vitest'
import type { ExpectationResult } from '../../core/expectation-result.ts'
import type { JsonValue } from '../../core/json.ts'
import { evaluateOutcomeVerified, evaluateState } from '../../evaluate/index.ts'
import { checkPhrase, textArgument } from './arguments.ts'
import { caseRunOf } from './case-run.ts'
import { expectedOf, type StateExpected, toValueCheck } from './value-check.ts'
import { evidenceOf, matcherResult, type SyncMatcherResult } from './verdict.ts'

/**
 * `toHaveStateAt(path, expected)`: the `state` expectation. The value at
 * `path` in the final state equals `expected`, or passes `valueCheck({...})`.
 * @example
 * expect(run).toHaveStateAt('orders.ORD-1001.refund_count', 1)
 * expect(run).toHaveStateAt('orders.ORD-1001.refunded_amount', valueCheck({ lte: 40 }))
 */
export function toHaveStateAt(
  this: MatcherState,
  received: unknown,
  path: string,
  expected: StateExpected,
): SyncMatcherResult {
  const name = 'toHaveStateAt'
  const run = caseRunOf(received, name)
  const at = textArgument(name, 'path', path)
  const check = toValueCheck(name, expected)
  const result = evaluateState({ id: name, type: 'state', path: at, ...check }, run)
  return matcherResult(this, name, run, {
    result,
    wording: { positive: `to have ${at} ${checkPhrase(check)}` },
    actual: foundValue(result),
    expected: expectedOf(check),
  })
}

/**
 * `toBeBackedByState(path, expected)`: `outcomeVerified` with a path. A
 * SUCCESS claim must be backed by the value at `path` (else
 * `STATE_MISMATCH`); a PARTIAL or FAILURE claim has no success to back.
 * @example
 * expect(run).toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
 */
export function toBeBackedByState(
  this: MatcherState,
  received: unknown,
  path: string,
  expected: StateExpected,
): SyncMatcherResult {
  const name = 'toBeBackedByState'
  const run = caseRunOf(received, name)
  const at = textArgument(name, 'path', path)
  const check = toValueCheck(name, expected)
  const result = evaluateOutcomeVerified(
    { id: name, type: 'outcomeVerified', path: at, ...check },
    run,
  )
  return matcherResult(this, name, run, {
    result,
    wording: { positive: `to have its success claim backed by ${at} ${checkPhrase(check)}` },
    actual: foundValue(result),
    expected: expectedOf(check),
  })
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
export function toHaveVerifiedOutcome(this: MatcherState, received: unknown): SyncMatcherResult {
  const name = 'toHaveVerifiedOutcome'
  const run = caseRunOf(received, name)
  const result = evaluateOutcomeVerified({ id: name, type: 'outcomeVerified' }, run)
  const evidence = evidenceOf(result)
  const claimed = evidence.claimed ?? null
  const status = evidence.status ?? null
  return matcherResult(this, name, run, {
    result,
    wording: { positive: 'to have its claimed outcome backed by what the twin recorded' },
    actual: { claimed, verified: status },
    expected: { claimed, verified: claimed === 'SUCCESS' ? 'SUCCESS' : status },
  })
}

/** The value the evaluator found at the path, or undefined when the path did not resolve. */
function foundValue(result: ExpectationResult): JsonValue | undefined {
  const evidence = evidenceOf(result)
  return evidence.found === true ? evidence.value : undefined
}
