import type { ExpectationResult } from '../../core/expectation-result.ts'
import type { CaseClass } from '../classify.ts'

/** Default significance level of a comparison over trials. */
export const DEFAULT_ALPHA = 0.05

/** How often one side passed (a whole case, or one expectation) over its trials. */
export interface RateSummary {
  passes: number
  trials: number
  /** pass^k for k = 1..trials (tau-bench: every one of k trials passes), index 0 is k = 1. */
  passHatK: number[]
  /** pass@k for k = 1..trials (at least one of k trials passes). */
  passAtK: number[]
  /** Wilson 95 % interval of the pass rate. */
  wilson: { low: number; high: number }
}

/** One expectation over the trials of both sides, and whether its change is significant. */
export interface ExpectationRates {
  id: string
  type: ExpectationResult['type']
  critical: boolean
  baseline: RateSummary
  candidate: RateSummary
  /** Trials whose result was ERROR or missing: neither a pass nor a failure, left out of the test. */
  unknown: { baseline: number; candidate: number }
  /** Which way the failure rate moved from baseline to candidate. */
  direction: 'worse' | 'better' | 'same'
  /** One-sided Fisher exact test in the direction it moved; 1 when it did not. */
  pValue: number
  significant: boolean
  /** When it moved without being significant: trials per side at which these rates would be. */
  trialsNeeded?: number
}

/** Per expectation, how often runs of a version paired with itself disagree. */
export interface NoiseFloor {
  id: string
  /** Trial pairs (same seed on both sides) whose two runs disagree, of all trial pairs. */
  pairedDisagreements: number
  trials: number
  /** Share of all pairs of runs, over both sides, that disagree (0 for a reproducible agent). */
  disagreementRate: number
}

/** What a case that ran several trials carries beside its classification. */
export interface CaseTrials {
  /** Trials per side. */
  k: number
  alpha: number
  /** Whole-case passes: a trial passes when it finished and every expectation passed. */
  baseline: RateSummary
  candidate: RateSummary
  /** Trials of a side disagree: some passed, some did not. */
  flaky: { baseline: boolean; candidate: boolean }
  expectations: ExpectationRates[]
  /** Each trial pair's own classification, as one run each would have been judged. */
  perTrial: CaseClass[]
  /** The trial pair whose divergence, sides and states the case shows, and why that one. */
  representative: { trial: number; reason: string }
  /** Changes seen but not significant, one sentence each. */
  notes: string[]
  /** Present when a version is paired with itself. */
  noiseFloor?: NoiseFloor[]
}
