import type { CallRecord } from '../core/call-record.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { HandoffExpectation } from '../schema/scenario-document.ts'
import { formatCall, formatSeqs, formatStatus, joinWords } from './format.ts'
import { recordEvidence, sawSuccess } from './records.ts'
import { makeResult, unfinishedResult, unknownToolResult } from './result.ts'

/** The twin's handoff tools: the one named, or every tool the twin declares with `handoff: true`. */
export function handoffTools(run: CaseRun, tool?: string): string[] {
  if (tool !== undefined) return [tool]
  return run.tools.filter((candidate) => candidate.handoff === true).map((t) => t.name)
}

/**
 * A handoff happened: the twin did what was asked. What the caller saw does
 * not decide it: a handoff that landed and then timed out is still a handoff.
 */
export function isHandoff(record: CallRecord): boolean {
  return record.outcome === 'success'
}

/**
 * `handoff`: the case was (`expected: true`) or was not (`expected: false`)
 * handed to a human, judged from the twin's records of the handoff tool, not
 * from the agent's own `handoff` flag (which the message quotes beside them).
 * @example
 * evaluateHandoff({ id: 'to-human', type: 'handoff', expected: true }, run)
 * // PASS: 'The case was handed to a human: handoff_to_human #5 answered 201.'
 */
export function evaluateHandoff(expectation: HandoffExpectation, run: CaseRun): ExpectationResult {
  const unfinished = unfinishedResult(expectation, run)
  if (unfinished) return unfinished
  const tools = handoffTools(run, expectation.tool)
  if (tools.length === 0) {
    const available = run.tools.length > 0 ? joinWords(run.tools.map((t) => t.name)) : 'none'
    return makeResult(
      expectation,
      'ERROR',
      `Cannot evaluate: twin ${run.twin.name} declares no handoff tool (its tools: ${available}). Declare it in the twin with \`handoff: true\` on the tool, or name it here with \`tool\`.`,
      { tools: run.tools.map((t) => t.name) },
    )
  }
  const unknown = unknownToolResult(expectation, run, tools)
  if (unknown) return unknown
  const calls = run.records.filter((record) => tools.includes(record.tool))
  const handoffs = calls.filter(isHandoff)
  const claimed = run.result?.handoff
  const evidence = {
    tools,
    expected: expectation.expected,
    handoffs: handoffs.map((record) => record.seq),
    calls: calls.map(recordEvidence),
    claimedHandoff: claimed ?? null,
  }
  const handedOff = handoffs.length > 0
  const found = handedOff
    ? `The case was handed to a human: ${joinWords(handoffs.map((r) => `${formatCall(r)} answered ${r.status}`))}`
    : `The case was not handed to a human: ${notHandedOff(tools, calls)}`
  const claim =
    claimed === undefined ? '' : ` (the agent says it ${claimed ? 'did' : 'did not'} hand off)`
  const verdict = handedOff === expectation.expected ? 'PASS' : 'FAIL'
  const wanted =
    verdict === 'PASS' ? '' : `, expected ${expectation.expected ? 'a handoff' : 'no handoff'}`
  return makeResult(expectation, verdict, `${found}${wanted}${claim}.`, evidence)
}

function notHandedOff(tools: readonly string[], calls: readonly CallRecord[]): string {
  if (calls.length === 0) return `${joinWords(tools)} was never called`
  const failed = calls.map((record) =>
    sawSuccess(record)
      ? `${formatCall(record)} answered ${record.status} but the twin did not record a handoff${record.fault ? ` (fault ${record.fault.type})` : ''}`
      : `${formatCall(record)} failed (${formatStatus(record)})`,
  )
  return calls.length === 1 ? failed[0]! : `${joinWords(failed)} (${formatSeqs(calls)})`
}
