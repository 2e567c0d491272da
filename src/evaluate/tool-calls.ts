import type { CallRecord } from '../core/call-record.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { JsonObject } from '../core/json.ts'
import type { ArgsMatchMode, CalledToolExpectation } from '../schema/scenario-document.ts'
import { argsMatch, defaultArgsMode } from './args-match.ts'
import { formatArgs, formatCall, formatSeqs, joinWords } from './format.ts'
import { recordEvidence } from './records.ts'
/** The calls of a tool, and those whose arguments match the expectation. */
export interface ToolCallMatch {
  calls: CallRecord[]
  matching: CallRecord[]
  mode: ArgsMatchMode
  /** `refund_payment`, or `refund_payment with amount=40 (args subset)`. */
  label: string
}

/** Finds the records of `tool` whose arguments match `args` under `argsMode`. */
export function matchToolCalls(
  run: CaseRun,
  expectation: Pick<CalledToolExpectation, 'tool' | 'args' | 'argsMode'>,
): ToolCallMatch {
  const mode = expectation.argsMode ?? defaultArgsMode(expectation.args)
  const calls = run.records.filter((record) => record.tool === expectation.tool)
  const matching = calls.filter((record) => argsMatch(expectation.args, record.args, mode))
  const label =
    mode === 'ignore'
      ? expectation.tool
      : `${expectation.tool} with ${formatArgs(expectation.args) || 'no arguments'} (args ${mode})`
  return { calls, matching, mode, label }
}

/** ` (#3 and #5)`, or nothing for no records. */
export function seqsInParens(records: readonly CallRecord[]): string {
  return records.length > 0 ? ` (${formatSeqs(records)})` : ''
}

/** ` Calls with other arguments: ...` for calls of the tool whose arguments did not match. */
export function others(match: ToolCallMatch): string {
  const rest = match.calls.filter((record) => !match.matching.includes(record))
  if (rest.length === 0) return ''
  const described = rest.map(
    (record) => `${formatCall(record)} had ${formatArgs(record.args) || 'no arguments'}`,
  )
  return ` Calls with other arguments: ${joinWords(described)}.`
}

/** ` The twin recorded lookup_order #1 and ...`. */
export function recorded(run: CaseRun): string {
  if (run.records.length === 0) return ' The twin recorded no calls.'
  return ` The twin recorded ${joinWords(run.records.map(formatCall))}.`
}

/** The match as evidence. */
export function matchEvidence(
  expectation: Pick<CalledToolExpectation, 'tool' | 'args' | 'times'>,
  match: ToolCallMatch,
  run: CaseRun,
): JsonObject {
  const evidence: JsonObject = {
    tool: expectation.tool,
    argsMode: match.mode,
    matching: match.matching.map((record) => record.seq),
    calls: match.calls.map(recordEvidence),
    recordCount: run.records.length,
  }
  if (expectation.args !== undefined) evidence.args = expectation.args
  if (expectation.times !== undefined) evidence.times = expectation.times
  return evidence
}
