import type { MatcherState } from 'vitest'
import { evaluateTraceMatchesRecords } from '../../evaluate/index.ts'
import { caseRunOf } from './case-run.ts'
import { evidenceList, evidenceOf, matcherResult, type SyncMatcherResult } from './verdict.ts'

/**
 * `toHaveTraceMatchingRecords()`: the `traceMatchesRecords` expectation. The
 * spans the agent exported to `context.trace.exporter` name the same tool
 * calls as the twin's records, each with the result the twin answered. A
 * case without spans is an error, with or without `.not`.
 * @example
 * expect(run).toHaveTraceMatchingRecords()
 */
export function toHaveTraceMatchingRecords(
  this: MatcherState,
  received: unknown,
): SyncMatcherResult {
  const name = 'toHaveTraceMatchingRecords'
  const run = caseRunOf(received, name)
  const result = evaluateTraceMatchesRecords({ id: name, type: 'traceMatchesRecords' }, run)
  const findings = evidenceList(evidenceOf(result).findings).map((finding) => finding.sentence)
  return matcherResult(this, name, run, {
    result,
    wording: {
      positive: "to have a trace that matches the twin's records",
      negative: "to have a trace that disagrees with the twin's records",
    },
    actual: findings,
    expected: [],
  })
}
