import { diffStates } from '../core/state-diff.ts'
import { formatPath } from '../core/state-path.ts'
import { caseReport } from './build-report.ts'
import { CASE_CLASSES, type CaseClass, classifyCase } from './classify.ts'
import type {
  CaseComparison,
  ComparedCase,
  PairComparison,
  SideCase,
  SideRuns,
} from './compared.ts'
import { MixedSideError } from './errors.ts'
import { type ClassCounts, decideGate, type GatePolicy } from './gate.ts'
import { firstDivergence } from './lockstep.ts'
import type { AgentRef } from './report.ts'
import { matchSelections } from './selection.ts'
import { sideReport } from './side-report.ts'
import { toSteps } from './steps.ts'
import { userTurnDivergence } from './user-turns.ts'

export type {
  CaseComparison,
  ComparedCase,
  PairComparison,
  SideCase,
  SideRuns,
} from './compared.ts'

export function checkSide(name: 'baseline' | 'candidate', side: SideRuns): void {
  for (const { run } of side.cases) {
    if (run.agent.name !== side.agent.name || run.agent.version !== side.agent.version) {
      throw new MixedSideError(name, side.agent, run)
    }
  }
}

/** Compares one case of a pair: classification, divergence, sides, final states. */
export function compareCase(baseline: SideCase, candidate: SideCase): CaseComparison {
  const { classification, reason, changes } = classifyCase({
    baseline: { finished: baseline.run.finished, results: baseline.results },
    candidate: { finished: candidate.run.finished, results: candidate.results },
  })
  const { id, version, title, digest } = candidate.run.scenario
  const compared: CaseComparison = {
    scenario: { id, version, title, digest },
    classification,
    reason,
    changes: changes.filter((change) => change.change !== 'still-passing'),
    baseline: sideReport(baseline.run, baseline.results),
    candidate: sideReport(candidate.run, candidate.results),
    runs: { baseline, candidate },
    trajectories: { baseline: toSteps(baseline.run), candidate: toSteps(candidate.run) },
  }
  const divergence = firstDivergence(baseline.run, candidate.run)
  if (divergence) compared.divergence = divergence
  const userTurns = userTurnDivergence(baseline.run, candidate.run)
  if (userTurns) compared.userTurns = userTurns
  const paths = diffStates(baseline.run.finalState, candidate.run.finalState).map((d) =>
    formatPath(d.path),
  )
  if (paths.length > 0) {
    compared.state = {
      changedPaths: paths,
      baseline: baseline.run.finalState,
      candidate: candidate.run.finalState,
    }
  }
  return compared
}

/** Zero for every class, so all five are always present. */
export function emptyCounts(): ClassCounts {
  return Object.fromEntries(CASE_CLASSES.map((name) => [name, 0])) as Record<CaseClass, number>
}

/**
 * Compares a baseline and a candidate that ran one pinned selection: matches
 * cases by scenario id, proves the recorded selections agree, then per case
 * the classification (from expectations alone), the first trajectory
 * divergence, metrics and retries beside it, and the final-state difference;
 * per pair the counts per class, tool calls per side and the release gate.
 * @throws SelectionMismatchError when the recorded selections differ
 * @throws MixedSideError when a case was run by another agent version than its side
 * @example
 * const pair = comparePair({ baseline: { agent: v124, cases }, candidate: { agent: v130, cases: others } })
 * pair.counts.NEW_CRITICAL_FAILURE // 2
 * pair.gate.verdict // 'BLOCK'
 */
export function comparePair(input: {
  baseline: SideRuns
  candidate: SideRuns
  policy?: Partial<GatePolicy>
}): PairComparison {
  checkSide('baseline', input.baseline)
  checkSide('candidate', input.candidate)
  const matched = matchSelections(input.baseline.cases, input.candidate.cases)
  return assemblePair(
    input,
    matched.map(([baseline, candidate]) => compareCase(baseline, candidate)),
  )
}

/**
 * A pair from its compared cases: counts per class, tool calls per side (over
 * every run the sides made, all trials included), the gate.
 */
export function assemblePair(
  input: { baseline: SideRuns; candidate: SideRuns; policy?: Partial<GatePolicy> },
  cases: ComparedCase[],
): PairComparison {
  const counts = emptyCounts()
  for (const item of cases) counts[item.classification]++
  const calls = (side: SideRuns) => side.cases.reduce((sum, c) => sum + c.run.records.length, 0)
  const ref = (side: SideRuns): AgentRef => ({
    agent: side.agent.name,
    version: side.agent.version,
  })
  return {
    baseline: ref(input.baseline),
    candidate: ref(input.candidate),
    counts,
    toolCalls: { baseline: calls(input.baseline), candidate: calls(input.candidate) },
    gate: decideGate(counts, input.policy),
    cases,
  }
}

/**
 * The plain record of a compared case: the report fields (the divergence as
 * its summary) and both sides. It survives task artifacts, `--shard` blobs
 * and `--merge-reports`.
 */
export function comparedRecord(compared: ComparedCase): ComparedCase {
  return { ...caseReport(compared), runs: compared.runs }
}
