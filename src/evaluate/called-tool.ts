import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { CalledToolExpectation } from '../schema/scenario-document.ts'
import { formatSeqs, times } from './format.ts'
import { makeResult, notEvaluable } from './result.ts'
import { matchEvidence, matchToolCalls, others, recorded, seqsInParens } from './tool-calls.ts'

/**
 * `calledTool`: the tool was called (with matching arguments), at least once
 * or exactly `times` times.
 * @example
 * evaluateCalledTool({ id: 'refunds', type: 'calledTool', tool: 'refund_payment', times: 1 }, run)
 * // FAIL: 'refund_payment was called 2 times (#3 and #5), expected exactly 1.'
 */
export function evaluateCalledTool(
  expectation: CalledToolExpectation,
  run: CaseRun,
): ExpectationResult {
  const early = notEvaluable(expectation, run, [expectation.tool])
  if (early) return early
  const match = matchToolCalls(run, expectation)
  const evidence = matchEvidence(expectation, match, run)
  const { matching, label } = match
  if (expectation.times !== undefined) {
    const count = `${label} was called ${times(matching.length)}${seqsInParens(matching)}`
    return matching.length === expectation.times
      ? makeResult(expectation, 'PASS', `${count}, as expected.`, evidence)
      : makeResult(
          expectation,
          'FAIL',
          `${count}, expected exactly ${expectation.times}.${others(match)}`,
          evidence,
        )
  }
  if (matching.length > 0) {
    return makeResult(
      expectation,
      'PASS',
      `${label} was called (${formatSeqs(matching)}).`,
      evidence,
    )
  }
  return makeResult(
    expectation,
    'FAIL',
    `${label} was never called.${others(match) || recorded(run)}`,
    evidence,
  )
}
