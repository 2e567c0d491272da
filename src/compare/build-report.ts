import { jsonEquals } from '../core/canonical-json.ts'
import type { CaseRun } from '../core/case-run.ts'
import { combineGates } from './gate.ts'
import type { ComparedCase, PairComparison, SideCase } from './pair.ts'
import {
  type CaseReport,
  COMPARISON_REPORT_SCHEMA,
  type ComparisonReport,
  type PairReport,
} from './report.ts'

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
    baseline: pair.baseline,
    candidate: pair.candidate,
    counts: pair.counts,
    toolCalls: pair.toolCalls,
    gate: pair.gate,
    cases: pair.cases.map((item) => recordedCase(item, table)),
  }
}

/**
 * The versioned JSON report of one or more compared pairs: plain data, each
 * side's CaseRun once in `runs` (named by the side's `runId`), and a gate
 * that is the worst over the pairs.
 * @example
 * const report = buildReport([comparePair({ baseline, candidate })])
 * JSON.stringify(report) // schema 'agenttwin/comparison-report.v2'
 */
export function buildReport(pairs: readonly PairComparison[]): ComparisonReport {
  const table = new RunTable()
  const reports = pairs.map((pair) => pairReport(pair, table))
  const combined = combineGates(reports.map((pair) => pair.gate))
  const reasons = reports.flatMap((pair) =>
    pair.gate.reasons.map(
      (reason) =>
        `${pair.candidate.agent} ${pair.candidate.version} vs ${pair.baseline.version}: ${reason}`,
    ),
  )
  return {
    schema: COMPARISON_REPORT_SCHEMA,
    pairs: reports,
    gate: { verdict: combined.verdict, reasons: reports.length > 0 ? reasons : combined.reasons },
    runs: table.runs,
  }
}
