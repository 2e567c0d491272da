/** The shapes of a comparison: one side's cases, a compared case, a compared pair (plain JSON). */
import type { EvaluatedCase } from '../core/case-run.ts'
import type { Divergence } from './lockstep.ts'
import type { CaseReport, PairReport } from './report.ts'

/** One case of one side: the run and its expectation results. */
export interface SideCase extends EvaluatedCase {
  /** Which trial of the case this is (1-based), when the case ran more than one. */
  trial?: number
}

/** Everything one agent version ran for a comparison. */
export interface SideRuns {
  agent: { name: string; version: string }
  cases: SideCase[]
}

/**
 * A compared case as plain JSON: its report and both sides as recorded. What
 * a Vitest worker hands the reporter, so the reporter never compares a case again.
 */
export interface ComparedCase extends CaseReport {
  runs: { baseline: SideCase; candidate: SideCase }
}

/** A compared case as {@link compareCase} returns it: with the full divergence (both steps). */
export interface CaseComparison extends ComparedCase {
  divergence?: Divergence
}

/** A compared pair: its report fields, with the cases and their runs. */
export interface PairComparison extends PairReport {
  cases: ComparedCase[]
}
