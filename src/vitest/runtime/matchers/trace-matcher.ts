import { resultDiff } from '../expectation-diff.ts'
import type { MatcherPart } from './define.ts'

/**
 * `toHaveTraceMatchingRecords()`: the `traceMatchesRecords` expectation. The
 * spans the agent exported to `context.trace.exporter` name the same tool
 * calls as the twin's records, each with the result the twin answered. A
 * case without spans is an error, with or without `.not`.
 * @example
 * expect(run).toHaveTraceMatchingRecords()
 */
export const toHaveTraceMatchingRecords: MatcherPart<'toHaveTraceMatchingRecords'> = {
  spell: ({ name }) => ({
    expectation: { id: name, type: 'traceMatchesRecords' },
    wording: {
      positive: "to have a trace that matches the twin's records",
      negative: "to have a trace that disagrees with the twin's records",
    },
  }),
  diff: resultDiff,
}
