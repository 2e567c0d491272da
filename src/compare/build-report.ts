import { combineGates } from './gate.ts'
import {
  type CaseReport,
  COMPARISON_REPORT_SCHEMA,
  type ComparisonReport,
  type PairReport,
} from './report.ts'

function caseReport(item: CaseReport): CaseReport {
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

function pairReport(pair: PairReport): PairReport {
  return {
    baseline: pair.baseline,
    candidate: pair.candidate,
    counts: pair.counts,
    toolCalls: pair.toolCalls,
    gate: pair.gate,
    cases: pair.cases.map(caseReport),
  }
}

/**
 * The versioned JSON report of one or more compared pairs: plain data only
 * (no runs, no steps), and a gate that is the worst over the pairs.
 * @example
 * const report = buildReport([comparePair({ baseline, candidate })])
 * JSON.stringify(report) // schema 'agenttwin/comparison-report.v1'
 */
export function buildReport(pairs: readonly PairReport[]): ComparisonReport {
  const reports = pairs.map(pairReport)
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
  }
}
