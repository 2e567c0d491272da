import { effectiveLabel } from '../judge/review.ts'
import type { SideCase } from './compared.ts'
import { plural } from './format.ts'
import type { Gate, GateVerdict } from './gate.ts'
import type { SingleCaseReport, SingleVerdict } from './report.ts'
import { sideReport } from './side-report.ts'

/** The verdict of a case on one version and why, from its finish state and effective labels. */
function verdictOf(side: SideCase): { verdict: SingleVerdict; reason: string } {
  const { run, results } = side
  if (!run.finished) {
    const cause = run.error ? `${run.error.kind}: ${run.error.message}` : 'no result'
    return { verdict: 'INCOMPLETE', reason: `The case did not finish (${cause}).` }
  }
  const notPassed = results.filter((result) => effectiveLabel(result, results) !== 'PASS')
  if (notPassed.length === 0) {
    const all = results.length === 1 ? 'The one expectation' : `All ${results.length} expectations`
    return { verdict: 'PASS', reason: `${all} passed.` }
  }
  const listed = notPassed.map((result) => {
    const at = result.turn === undefined ? '' : ` at turn ${result.turn}`
    return `${result.id} (${effectiveLabel(result, results)}${at})`
  })
  // A judge that could not answer is unknown, not a failure; anything else is a failure.
  const unknownOnly = notPassed.every((result) => effectiveLabel(result, results) === 'ERROR')
  return {
    verdict: unknownOnly ? 'INCOMPLETE' : 'FAIL',
    reason: `${plural(notPassed.length, 'expectation')} did not pass: ${listed.join(', ')}.`,
  }
}

/**
 * A case run on one agent version, for the report: its verdict, the reason
 * and its side (expectations that did not pass, `llm`, tokens, refusals).
 * `runId` names the run in the report's `runs`; `project` the Vitest project
 * it ran in, when the report names projects.
 */
export function singleCaseReport(
  side: SideCase,
  runId?: string,
  project?: string,
): SingleCaseReport {
  const { id, version, title, digest } = side.run.scenario
  const report: SingleCaseReport = {
    ...(project !== undefined && { project }),
    scenario: { id, version, title, digest },
    agent: { agent: side.run.agent.name, version: side.run.agent.version },
    ...verdictOf(side),
    side: sideReport(side.run, side.results),
  }
  if (side.trial !== undefined) report.trial = side.trial
  if (runId !== undefined) report.side.runId = runId
  return report
}

const SINGLE_GATE: Record<SingleVerdict, GateVerdict | undefined> = {
  FAIL: 'BLOCK',
  INCOMPLETE: 'WARN',
  PASS: undefined,
}

/**
 * The gate of the cases run without a pair: a failed case blocks (its
 * expectation tests failed), an incomplete one warns, and only cases that
 * all passed pass. Unknown is never a pass.
 */
export function singleCasesGate(cases: readonly SingleCaseReport[]): Gate {
  let verdict: GateVerdict = 'PASS'
  const reasons: string[] = []
  for (const kind of ['FAIL', 'INCOMPLETE'] as const) {
    const count = cases.filter((item) => item.verdict === kind).length
    const effect = SINGLE_GATE[kind]!
    if (count === 0) continue
    if (effect === 'BLOCK' || verdict === 'PASS') verdict = effect
    reasons.push(`${plural(count, `${kind} case`)} on one version (${effect.toLowerCase()})`)
  }
  return { verdict, reasons }
}
