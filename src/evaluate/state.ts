import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import { endSentence } from '../core/sentence.ts'
import { pathOf } from '../core/state-path.ts'
import type { StateExpectation } from '../schema/scenario-document.ts'
import { changedBySentence, changesTouching, touchingEvidence } from './changes.ts'
import { makeResult, unfinishedResult } from './result.ts'
import { checkStateValue, type ValueCheckOutcome } from './value-check.ts'

const LABELS = { pass: 'PASS', fail: 'FAIL', error: 'ERROR' } as const

/**
 * `state`: the value at a path of the final state passes a value check
 * (`equals` deep equality, `matches` regex or object subset, `exists`,
 * `gt`/`gte`/`lt`/`lte`). The message names the calls that changed the path.
 * @example
 * evaluateState({ id: 'one-refund', type: 'state', path: 'orders.ORD-1001.refund_count', equals: 1 }, run)
 * // FAIL: 'orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #3 and #5'
 */
export function evaluateState(expectation: StateExpectation, run: CaseRun): ExpectationResult {
  const unfinished = unfinishedResult(expectation, run)
  if (unfinished) return unfinished
  const outcome = checkStateValue(expectation, run.finalState, expectation.path)
  if (outcome.kind === 'error') {
    return makeResult(
      expectation,
      'ERROR',
      `Cannot evaluate: ${endSentence(outcome.text)}`,
      outcomeEvidence(outcome, []),
    )
  }
  const touching = changesTouching(run.records, pathOf(expectation.path))
  return makeResult(
    expectation,
    LABELS[outcome.kind],
    `${outcome.text}; ${changedBySentence(touching)}.`,
    outcomeEvidence(outcome, touchingEvidence(touching)),
  )
}

/** The value check and who changed the path, as evidence. */
export function outcomeEvidence(
  outcome: ValueCheckOutcome,
  changedBy: ReturnType<typeof touchingEvidence>,
) {
  return {
    path: outcome.path,
    found: outcome.found,
    value: outcome.value ?? null,
    check: outcome.check,
    changedBy,
  }
}
