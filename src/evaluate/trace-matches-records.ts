import type { CallRecord } from '../core/call-record.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { TraceSpan } from '../core/case-trace.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { JsonValue } from '../core/json.ts'
import type { TraceMatchesRecordsExpectation } from '../schema/scenario-document.ts'
import { compareTraceWithRecords, type TraceFinding } from '../trace/claims.ts'
import { readAgentTrace } from '../trace/genai.ts'
import type { TracedToolCall } from '../trace/types.ts'
import { formatStatus, formatStep, formatValue, plural } from './format.ts'
import { makeResult } from './result.ts'

function traced(call: TracedToolCall): string {
  return `${call.args ? formatStep(call.tool, call.args) : `${call.tool}(arguments not recorded)`} (span ${call.spanId})`
}

function answered(record: CallRecord): string {
  return `${formatStep(record.tool, record.args)} #${record.seq}`
}

function reported(call: TracedToolCall): string {
  if (call.outcome === 'success') return 'succeeded'
  return call.errorType ? `failed (error.type ${call.errorType})` : 'failed'
}

/**
 * One finding as a sentence of what the evidence shows: the trace's words
 * against the twin's records, never a guess at why they differ.
 * @example
 * describeTraceFinding(finding)
 * // 'The trace says refund_payment(amount=40, order_id=ORD-1001) (span 5f…) succeeded; the twin answered call #3 with status 504.'
 */
export function describeTraceFinding(finding: TraceFinding): string {
  switch (finding.kind) {
    case 'not-received':
      return `The trace claims a call ${traced(finding.call)} that the twin never received.`
    case 'not-mentioned':
      return `The twin received ${answered(finding.record)} (${formatStatus(finding.record)}); the trace does not mention it.`
    case 'result-differs': {
      const { call, record } = finding
      if (finding.aspect === 'outcome') {
        return `The trace says ${traced(call)} ${reported(call)}; the twin answered ${answered(record)} with ${formatStatus(record)}.`
      }
      if (finding.aspect === 'status') {
        return `The trace reports HTTP ${call.httpStatus} for ${traced(call)}; the twin answered ${answered(record)} with ${formatStatus(record)}.`
      }
      return `The trace reports the result ${formatValue(call.result)} for ${traced(call)}; the twin answered ${answered(record)} with ${formatValue(record.response)}.`
    }
  }
}

function findingEvidence(finding: TraceFinding): JsonValue {
  const out: Record<string, JsonValue> = { kind: finding.kind }
  if ('call' in finding) out.span = finding.call.spanId
  if ('record' in finding) out.seq = finding.record.seq
  if (finding.kind === 'result-differs') out.aspect = finding.aspect
  out.sentence = describeTraceFinding(finding)
  return out
}

/**
 * Compares a trace with records and returns the verdict `traceMatchesRecords`
 * gives, for a case or for `agenttwin claims` (a trace and the records of a
 * served twin). `PASS` needs at least one traced tool call or no records at all.
 */
export function checkTraceAgainstRecords(
  expectation: Pick<TraceMatchesRecordsExpectation, 'id' | 'type' | 'critical'>,
  spans: readonly TraceSpan[],
  records: readonly CallRecord[],
): ExpectationResult {
  const { toolCalls } = readAgentTrace(spans)
  const { matched, findings } = compareTraceWithRecords(toolCalls, records)
  const evidence = {
    spans: spans.length,
    tracedToolCalls: toolCalls.length,
    records: records.length,
    matched: matched.map(({ spanId, seq }) => ({ span: spanId, seq })),
    findings: findings.map(findingEvidence),
  }
  if (findings.length > 0) {
    const head = `The trace and the twin's records disagree (${plural(findings.length, 'finding')}):`
    return makeResult(
      expectation,
      'FAIL',
      `${head} ${findings.map(describeTraceFinding).join(' ')}`,
      evidence,
    )
  }
  return makeResult(
    expectation,
    'PASS',
    `The trace names the same ${plural(matched.length, 'tool call')} as the twin's records, each with the result the twin answered.`,
    evidence,
  )
}

/**
 * `traceMatchesRecords`: the agent's exported spans against the twin's
 * records. Without a trace the check cannot be made: `ERROR`, never a pass.
 * @example
 * await evaluateExpectation({ id: 'trace-true', type: 'traceMatchesRecords' }, run)
 */
export function evaluateTraceMatchesRecords(
  expectation: TraceMatchesRecordsExpectation,
  run: CaseRun,
): ExpectationResult {
  const spans = run.trace?.spans ?? []
  if (spans.length === 0) {
    return makeResult(
      expectation,
      'ERROR',
      'Cannot evaluate: the agent exported no spans in this case, so there is no trace to compare with the records. Unknown is never a pass. Fix: have the agent export its spans to context.trace.exporter (a SimpleSpanProcessor over it).',
      { spans: 0, records: run.records.length },
    )
  }
  return checkTraceAgainstRecords(expectation, spans, run.records)
}
