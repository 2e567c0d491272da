import type { CallRecord } from '../core/call-record.ts'
import { jsonEquals } from '../core/canonical-json.ts'
import type { JsonValue } from '../core/json.ts'
import type { TracedToolCall } from './types.ts'

/** One way the agent's trace and the twin's records disagree. */
export type TraceFinding =
  /** The trace claims a call the twin never received. */
  | { kind: 'not-received'; call: TracedToolCall }
  /** The twin received a call the trace does not mention. */
  | { kind: 'not-mentioned'; record: CallRecord }
  /** The trace reports a result other than the one the twin answered. */
  | {
      kind: 'result-differs'
      call: TracedToolCall
      record: CallRecord
      /** What differs: success vs error, the HTTP status, or the body. */
      aspect: 'outcome' | 'status' | 'body'
    }

/** The trace and the records side by side: which span stands for which record, and every disagreement. */
export interface TraceComparison {
  matched: Array<{ spanId: string; seq: number }>
  findings: TraceFinding[]
}

function callerSawSuccess(record: CallRecord): boolean {
  return record.status !== null && record.status >= 200 && record.status < 300
}

function resultAspect(
  call: TracedToolCall,
  record: CallRecord,
): 'outcome' | 'status' | 'body' | undefined {
  if (call.outcome === 'success' && !callerSawSuccess(record)) return 'outcome'
  // An error span after a 2xx is faithful when the answer itself was a failure
  // (a rejection in the body, a broken body): only a clean success contradicts it.
  if (
    call.outcome === 'error' &&
    callerSawSuccess(record) &&
    record.outcome === 'success' &&
    !record.fault
  ) {
    return 'outcome'
  }
  if (call.httpStatus !== undefined && call.httpStatus !== record.status) return 'status'
  if (call.result !== undefined && comparable(call.result, record.response)) {
    if (!jsonEquals(call.result, record.response)) return 'body'
  }
  return undefined
}

/** A body is compared only when both sides are structured, or both are text: a summary is not a result. */
function comparable(traced: JsonValue, answered: JsonValue): boolean {
  const structured = (value: JsonValue) => typeof value === 'object' && value !== null
  return (
    (structured(traced) && structured(answered)) ||
    (typeof traced === 'string' && typeof answered === 'string')
  )
}

function fits(call: TracedToolCall, record: CallRecord): boolean {
  return (
    call.tool === record.tool && (call.args === undefined || jsonEquals(call.args, record.args))
  )
}

/** The longest order-preserving pairing of spans with records (a longest common subsequence). */
function align(
  calls: readonly TracedToolCall[],
  records: readonly CallRecord[],
): Array<{ call: TracedToolCall; record: CallRecord }> {
  const n = calls.length
  const m = records.length
  const table = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = fits(calls[i]!, records[j]!)
        ? table[i + 1]![j + 1]! + 1
        : Math.max(table[i + 1]![j]!, table[i]![j + 1]!)
    }
  }
  const pairs: Array<{ call: TracedToolCall; record: CallRecord }> = []
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (fits(calls[i]!, records[j]!) && table[i]![j] === table[i + 1]![j + 1]! + 1) {
      pairs.push({ call: calls[i]!, record: records[j]! })
      i++
      j++
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++
    else j++
  }
  return pairs
}

/**
 * Compares what the agent's trace says it called with what the twin received.
 * Spans and records are paired in order (the longest order-preserving pairing
 * of spans with records of the same tool and equal arguments; a span without
 * arguments fits any call of its tool). What stays unpaired on either side is a finding, and
 * so is a paired result the trace reports differently.
 * @example
 * const { findings } = compareTraceWithRecords(readAgentTrace(spans).toolCalls, run.records)
 */
export function compareTraceWithRecords(
  calls: readonly TracedToolCall[],
  records: readonly CallRecord[],
): TraceComparison {
  const ordered = [...records].sort((a, b) => a.seq - b.seq)
  const comparison: TraceComparison = { matched: [], findings: [] }
  const pairs = align(calls, ordered)
  const pairedCalls = new Set(pairs.map(({ call }) => call))
  const paired = new Set(pairs.map(({ record }) => record.seq))
  for (const call of calls) {
    if (!pairedCalls.has(call)) comparison.findings.push({ kind: 'not-received', call })
  }
  for (const { call, record } of pairs)
    comparison.matched.push({ spanId: call.spanId, seq: record.seq })
  for (const record of ordered) {
    if (!paired.has(record.seq)) comparison.findings.push({ kind: 'not-mentioned', record })
  }
  for (const { call, record } of pairs) {
    const aspect = resultAspect(call, record)
    if (aspect) comparison.findings.push({ kind: 'result-differs', call, record, aspect })
  }
  return comparison
}
