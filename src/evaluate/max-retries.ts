import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { MaxRetriesExpectation } from '../schema/scenario-document.ts'
import { formatSeqs, plural, times } from './format.ts'
import { recordEvidence } from './records.ts'
import { makeResult, notEvaluable } from './result.ts'
import { findRetries } from './retry.ts'

/**
 * `maxRetries`: retries of a tool (the one retry definition, `isRetry`) stay
 * within `max`.
 * @example
 * evaluateMaxRetries({ id: 'no-blind-retry', type: 'maxRetries', tool: 'refund_payment', max: 0 }, run)
 * // FAIL: 'refund_payment was retried 1 time (#2), at most 0 allowed.'
 */
export function evaluateMaxRetries(
  expectation: MaxRetriesExpectation,
  run: CaseRun,
): ExpectationResult {
  const early = notEvaluable(expectation, run, [expectation.tool])
  if (early) return early
  const { tool, max } = expectation
  const retries = findRetries(run.records, tool)
  const calls = run.records.filter((record) => record.tool === tool)
  const evidence = {
    tool,
    max,
    retries: retries.map(recordEvidence),
    calls: calls.map((record) => record.seq),
  }
  const which = retries.length > 0 ? ` (${formatSeqs(retries)})` : ''
  const counted = `${tool} was retried ${times(retries.length)}${which} in ${plural(calls.length, 'call')}`
  return retries.length <= max
    ? makeResult(expectation, 'PASS', `${counted}, within the limit of ${max}.`, evidence)
    : makeResult(expectation, 'FAIL', `${counted}, at most ${max} allowed.`, evidence)
}
