import { jsonEquals } from '../core/canonical-json.ts'
import type { CaseRun } from '../core/case-run.ts'
import { compareText } from '../core/compare-text.ts'
import type { ComparedCase, PairComparison, SideCase } from './compared.ts'
import { combineGates, type Gate } from './gate.ts'
import {
  type CaseReport,
  COMPARISON_REPORT_SCHEMA,
  type ComparisonReport,
  type PairReport,
  projectWords,
  type RunError,
  type SingleCaseReport,
} from './report.ts'
import { runErrorsGate } from './run-errors.ts'
import { singleCaseReport, singleCasesGate } from './single-case.ts'

/** The report fields of a compared case only: no runs, the divergence as its summary. */
export function caseReport(item: CaseReport): CaseReport {
  const report: CaseReport = {
    scenario: item.scenario,
    classification: item.classification,
    reason: item.reason,
    changes: item.changes,
    baseline: item.baseline,
    candidate: item.candidate,
  }
  if (item.divergence) {
    const { step, kind, sentence, detail } = item.divergence
    report.divergence = { step, kind, sentence, detail }
  }
  if (item.state) report.state = item.state
  if (item.userTurns) report.userTurns = item.userTurns
  if (item.trajectories) report.trajectories = item.trajectories
  if (item.trials) {
    report.trials = item.trials
    report.flaky = item.flaky ?? false
  }
  return report
}

/**
 * The table of runs: one entry a distinct CaseRun. Pairs that share a version
 * share its runs, so each is stored once. The key says what ran; a second,
 * different run under one key (a trial, another seed) gets `#2`, `#3`.
 */
class RunTable {
  readonly runs: Record<string, CaseRun> = {}

  add(side: SideCase): string {
    const { run } = side
    const base = `${run.scenario.id}/${run.agent.name}@${run.agent.version}`
    for (let n = 1; ; n++) {
      const key = n === 1 ? base : `${base}#${n}`
      const held = this.runs[key]
      if (!held) {
        this.runs[key] = run
        return key
      }
      if (held === run || jsonEquals(held, run)) return key
    }
  }
}

function recordedCase(item: ComparedCase, table: RunTable): CaseReport {
  const report = caseReport(item)
  report.baseline = { ...report.baseline, runId: table.add(item.runs.baseline) }
  report.candidate = { ...report.candidate, runId: table.add(item.runs.candidate) }
  return report
}

function pairReport(pair: PairComparison, table: RunTable): PairReport {
  return {
    ...(pair.project !== undefined && { project: pair.project }),
    baseline: pair.baseline,
    candidate: pair.candidate,
    counts: pair.counts,
    toolCalls: pair.toolCalls,
    gate: pair.gate,
    cases: pair.cases.map((item) => recordedCase(item, table)),
  }
}

/** What a report holds besides its pairs. */
export interface ReportExtras {
  /**
   * Cases run on one agent version without a pair (each evaluated side once),
   * with the Vitest project each ran in when the report names projects.
   */
  singleCases?: readonly (SideCase & { project?: string })[]
  /** Files that did not load and errors outside any test. */
  runErrors?: readonly RunError[]
}

function bySingleCase(a: SingleCaseReport, b: SingleCaseReport): number {
  return (
    compareText(a.project ?? '', b.project ?? '') ||
    compareText(a.scenario.id, b.scenario.id) ||
    compareText(a.agent.version, b.agent.version) ||
    (a.trial ?? 1) - (b.trial ?? 1)
  )
}

/**
 * The versioned JSON report of one or more compared pairs: plain data, each
 * side's CaseRun once in `runs` (named by the side's `runId`), and a gate
 * that is the worst over the pairs. Cases run without a pair and run errors,
 * when given, are listed beside the pairs and count in the gate; a report
 * without them is exactly a pairs-only report.
 * @example
 * const report = buildReport([comparePair({ baseline, candidate })])
 * JSON.stringify(report) // schema 'agenttwin/comparison-report.v2'
 */
export function buildReport(
  pairs: readonly PairComparison[],
  extras: ReportExtras = {},
): ComparisonReport {
  const table = new RunTable()
  const reports = pairs.map((pair) => pairReport(pair, table))
  const singles = (extras.singleCases ?? [])
    .map((side) => singleCaseReport(side, table.add(side), side.project))
    .sort(bySingleCase)
  const runErrors = [...(extras.runErrors ?? [])]
  const reasons = reports.flatMap((pair) =>
    pair.gate.reasons.map(
      (reason) =>
        `${pair.candidate.agent} ${pair.candidate.version} vs ${pair.baseline.version}${projectWords(pair.project)}: ${reason}`,
    ),
  )
  const gates: Gate[] = reports.map((pair) => pair.gate)
  if (singles.length > 0) gates.push(singleCasesGate(singles))
  if (runErrors.length > 0) gates.push(runErrorsGate(runErrors))
  const combined = combineGates(gates)
  // A run error a pair's gate already names (its scenario did not load) is said once.
  const extraReasons = gates
    .slice(reports.length)
    .flatMap((gate) => gate.reasons)
    .filter((reason) => !reports.some((pair) => pair.gate.reasons.includes(reason)))
  const report: ComparisonReport = {
    schema: COMPARISON_REPORT_SCHEMA,
    pairs: reports,
    gate: {
      verdict: combined.verdict,
      reasons: gates.length > 0 ? [...reasons, ...extraReasons] : combined.reasons,
    },
    runs: table.runs,
  }
  if (singles.length > 0) report.singleCases = singles
  if (runErrors.length > 0) report.runErrors = runErrors
  return report
}
