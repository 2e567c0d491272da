import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { NotCalledToolExpectation } from '../schema/scenario-document.ts'
import { makeResult, notEvaluable } from './result.ts'
import { matchEvidence, matchToolCalls, others } from './tool-calls.ts'

/**
 * `notCalledTool`: the tool was never called (with matching arguments), e.g.
 * the confirmation e-mail after a refund that did not happen.
 * @example
 * evaluateNotCalledTool({ id: 'no-email', type: 'notCalledTool', tool: 'send_customer_email' }, run)
 * // FAIL: 'send_customer_email was called (#5, status 200), which this case forbids.'
 */
export function evaluateNotCalledTool(
  expectation: NotCalledToolExpectation,
  run: CaseRun,
): ExpectationResult {
  const early = notEvaluable(expectation, run, [expectation.tool])
  if (early) return early
  const match = matchToolCalls(run, expectation)
  const evidence = matchEvidence(expectation, match, run)
  if (match.matching.length === 0) {
    return makeResult(
      expectation,
      'PASS',
      `${match.label} was never called.${others(match)}`,
      evidence,
    )
  }
  const calls = match.matching.map(
    (r) => `#${r.seq}, ${r.status === null ? 'no status' : `status ${r.status}`}`,
  )
  return makeResult(
    expectation,
    'FAIL',
    `${match.label} was called (${calls.join('; ')}), which this case forbids.`,
    evidence,
  )
}
