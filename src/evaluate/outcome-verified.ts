import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import { endSentence } from '../core/sentence.ts'
import type { OutcomeVerifiedExpectation } from '../schema/scenario-document.ts'
import { verifyOutcome } from './outcome.ts'
import { makeResult, unfinishedResult } from './result.ts'
import { unreportedEffects } from './unreported-effects.ts'

/**
 * `outcomeVerified`: a claimed success is backed by state.
 * - With `path`: when the agent claims SUCCESS, the value there must pass the
 *   value check, else `STATE_MISMATCH`.
 * - Without `path`: when the agent claims SUCCESS, `HALLUCINATED_SUCCESS` as
 *   soon as a state-changing tool reported success (2xx seen by the caller)
 *   without the state change to show for it.
 * - When the agent claims FAILURE yet the action happened (with `path`: the
 *   value passes the check; without: a state-changing tool changed state):
 *   `UNREPORTED_EFFECT`, the mirror of a hallucinated success (the user is
 *   told to try again what is already done). `unreportedEffect: allow` lets it pass.
 * - Otherwise, when the agent claims PARTIAL or FAILURE there is no success to
 *   back: `PASS` with `verified: false` (a wrong state is then caught by `state`).
 * - A case that did not finish, or a path that does not resolve: `ERROR`.
 * @example
 * evaluateOutcomeVerified({ id: 'success-backed-by-state', type: 'outcomeVerified',
 *   path: 'orders.ORD-1001.refund_count', equals: 1 }, run).label // 'STATE_MISMATCH'
 */
export function evaluateOutcomeVerified(
  expectation: OutcomeVerifiedExpectation,
  run: CaseRun,
): ExpectationResult {
  const unfinished = unfinishedResult(expectation, run)
  if (unfinished) return unfinished
  const verification = verifyOutcome(run, expectation)
  const { claimed, evidence } = verification
  if (claimed === undefined) {
    return makeResult(
      expectation,
      'ERROR',
      'Cannot evaluate: the case has no agent result, so there is no claim to check.',
      evidence,
      false,
    )
  }
  if (claimed === 'FAILURE' && expectation.unreportedEffect !== 'allow') {
    const withPath = expectation.path !== undefined
    const done = withPath
      ? verification.verified && verification.status === 'SUCCESS'
        ? verification.reason
        : undefined
      : unreportedEffects(run)
    if (done !== undefined) {
      const message = `The agent claimed FAILURE, but the action happened: ${done}.`
      return makeResult(expectation, 'UNREPORTED_EFFECT', message, evidence, true)
    }
  }
  if (claimed !== 'SUCCESS') {
    const found = verification.verified ? `; for the record, ${verification.reason}` : ''
    return makeResult(
      expectation,
      'PASS',
      `The agent claimed ${claimed}, not SUCCESS: there is no success claim to back${found}.`,
      evidence,
      false,
    )
  }
  // With a path the claim is weighed against that value; without one, against
  // every state-changing call that reported success.
  const withPath = expectation.path !== undefined
  if (!verification.verified) {
    // Unknown is never a pass: a SUCCESS claim nothing could check stays unchecked.
    const hint = withPath ? '' : ' Give a path (and a value check) to back the claim with state.'
    return makeResult(
      expectation,
      'ERROR',
      `Cannot verify the SUCCESS claim: ${verification.reason}.${hint}`,
      evidence,
      false,
    )
  }
  if (verification.status === 'SUCCESS') {
    const message = `The SUCCESS claim is backed by state: ${endSentence(verification.reason)}`
    return makeResult(expectation, 'PASS', message, evidence, true)
  }
  const label = withPath ? 'STATE_MISMATCH' : 'HALLUCINATED_SUCCESS'
  const message = `The agent claimed SUCCESS, but ${endSentence(verification.reason)}`
  return makeResult(expectation, label, message, evidence, true)
}
