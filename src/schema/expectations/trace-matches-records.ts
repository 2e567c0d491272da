import { declareExpectation, type ExpectationBase } from './declare.ts'

/**
 * The agent's own OpenTelemetry trace (testimony) agrees with the twin's
 * records: every traced tool call was received, every received call is
 * traced, and each result is reported as the twin answered it.
 */
export interface TraceMatchesRecordsExpectation extends ExpectationBase {
  type: 'traceMatchesRecords'
}

export const traceMatchesRecords = declareExpectation<TraceMatchesRecordsExpectation>()({
  type: 'traceMatchesRecords',
  description:
    "The agent's exported trace names the same tool calls and results as the twin's records.",
  properties: {},
  required: [],
  matchers: ['toHaveTraceMatchingRecords'],
})
