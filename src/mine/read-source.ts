import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import {
  COMPARISON_REPORT_SCHEMA,
  COMPARISON_REPORT_SCHEMA_V1,
  type ComparisonReport,
  type SideReport,
} from '../compare/report.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { TraceSpan } from '../core/case-trace.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import { withoutByteOrderMark } from '../core/utf8.ts'
import { effectiveLabel } from '../judge/review.ts'
import { parseOtlpJson } from '../trace/otlp-json.ts'
import { MineSourceError } from './errors.ts'
import type { FailedExpectation } from './from-case.ts'
import { isMessageList, type Transcript, transcriptOfMessages } from './transcript.ts'

/** What a file to mine holds: a recorded case, or a trace. */
export type MineInput =
  | { kind: 'case'; run: CaseRun; failed: FailedExpectation[] }
  | { kind: 'trace'; spans: TraceSpan[]; transcript?: Transcript }

export interface PickCase {
  /** Scenario id of the case in a report. */
  scenario?: string
  side: 'candidate' | 'baseline'
}

function failedOf(results: readonly ExpectationResult[]): FailedExpectation[] {
  return results
    .map((result) => ({ result, label: effectiveLabel(result, results) }))
    .filter(({ label }) => label !== 'PASS')
    .map(({ result, label }) => ({
      id: result.id,
      type: result.type,
      label,
      message: result.message,
    }))
}

function fromReport(report: ComparisonReport, file: string, pick: PickCase): MineInput {
  const cases = report.pairs.flatMap((pair) => pair.cases.map((item) => ({ pair, item })))
  const ids = [...new Set(cases.map(({ item }) => item.scenario.id))]
  if (!pick.scenario) {
    throw new MineSourceError(
      file,
      'a comparison report holds several cases',
      `name one with --case <scenario>: ${ids.join(', ')}`,
    )
  }
  const matching = cases.filter(({ item }) => item.scenario.id === pick.scenario)
  if (matching.length === 0) {
    throw new MineSourceError(
      file,
      `the report has no case "${pick.scenario}"`,
      `pass one of ${ids.join(', ')} to --case`,
    )
  }
  // With several pairs, the first where the chosen side failed something is the one worth mining.
  const chosen = matching.find(({ item }) => item[pick.side].failed.length > 0) ?? matching[0]!
  const side = chosen.item[pick.side]
  const run = runOf(report, side)
  if (!run) {
    throw new MineSourceError(
      file,
      `the ${pick.side} side of "${pick.scenario}" keeps no run`,
      "write the report again with this version of agenttwin (it keeps each side's CaseRun)",
    )
  }
  const failed = side.failed.map(({ id, type, label, message }) => ({ id, type, label, message }))
  return { kind: 'case', run, failed }
}

/** A side's run: in v2 from the report's `runs` table, in a v1 report kept inline on the side. */
function runOf(report: ComparisonReport, side: SideReport): CaseRun | undefined {
  if (report.schema === COMPARISON_REPORT_SCHEMA) {
    return side.runId === undefined ? undefined : report.runs?.[side.runId]
  }
  return (side as SideReport & { run?: CaseRun }).run
}

/**
 * Reads a file to mine: a comparison report (`--case` picks the case,
 * `side` the version), a CaseRun, the `{ run, results }` of `agenttwin run
 * --json`, or an OTLP JSON trace.
 * @throws MineSourceError saying what the file is not and what to pass instead
 */
export function readMineInput(text: string, file: string, pick: PickCase): MineInput {
  let value: unknown
  try {
    value = JSON.parse(withoutByteOrderMark(text))
  } catch {
    // JSON Lines: a collector's file export.
    return { kind: 'trace', spans: parseOtlpJson(text, file) }
  }
  const object = (value ?? {}) as Record<string, unknown>
  // A chat transcript: a list of messages, or `{ messages: [...] }` as chat APIs take it.
  const messages = isMessageList(value) ? value : object.messages
  if (isMessageList(messages)) {
    return { kind: 'trace', spans: [], transcript: transcriptOfMessages(messages, file) }
  }
  if ('resourceSpans' in object || Array.isArray(value)) {
    return { kind: 'trace', spans: parseOtlpJson(text, file) }
  }
  // A v1 report differs only in where a side's run is kept, so both are read.
  if (object.schema === COMPARISON_REPORT_SCHEMA || object.schema === COMPARISON_REPORT_SCHEMA_V1)
    return fromReport(value as ComparisonReport, file, pick)
  if (object.schema === 'agenttwin/case-run.v1')
    return { kind: 'case', run: value as CaseRun, failed: [] }
  const run = object.run as CaseRun | undefined
  if (run?.schema === 'agenttwin/case-run.v1') {
    const results = Array.isArray(object.results) ? (object.results as ExpectationResult[]) : []
    return { kind: 'case', run, failed: failedOf(results) }
  }
  throw new MineSourceError(
    file,
    'it is not a comparison report, a CaseRun, an OTLP JSON trace or a list of chat messages',
    'pass a JSON report of the AgentTwin reporter or `agenttwin diff --json`, the output of `agenttwin run --json`, an OTLP JSON trace, or a JSON list of messages (`[{ role, content, tool_calls }]`)',
  )
}

/** The scenario file a run names, resolved against the directory the run started in, when it is still there. */
export function scenarioFileOf(run: CaseRun, cwd: string): string | undefined {
  if (!run.scenario.file) return undefined
  // Reports record the path relative to where the run started: the project root.
  const file = resolve(cwd, run.scenario.file)
  return existsSync(file) ? file : undefined
}
