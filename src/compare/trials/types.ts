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
  /** pass@k for k = 1..trials (Chen et al. 2021, Codex: at least one of k trials passes). */
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
  /** Whether the case's one decision (see {@link FamilyTest}) rejects its test in the direction it moved. */
  significant: boolean
  /**
   * When it moved without being significant: trials per side that would give
   * 80 % power to detect these rates at alpha (exact power of the one-sided
   * Fisher test at `alpha / FamilyTest.planTests`).
   */
  trialsNeeded?: number
}

/**
 * How a case over trials is decided: one decision for the case, Holm's
 * step-down over the one-sided Fisher tests of every expectation in both
 * directions (worse and better), with Tarone's count (tests whose margins
 * cannot reach the level are not counted). The chance of any false
 * REGRESSED, NEW_CRITICAL_FAILURE or IMPROVED for the case is at most `level`.
 */
export interface FamilyTest {
  /** The one-sided tests in the family: two per expectation both sides decided at least once. */
  hypotheses: number
  /** Tests counted at Holm's first step (Tarone's count): the smallest p-value must be below `level / tests`. */
  tests: number
  /**
   * The alpha the family has spent: alpha at a fixed k; at a sequential look,
   * what the spending function allows by that look (each test is held to its
   * exact group-sequential boundary there, see `SequentialTrials`).
   */
  level: number
  /** Tests a plan for more trials divides alpha by: both directions of every expectation that failed at least once. */
  planTests: number
  /**
   * Present for sequential trials: the look (1-based) the decision was taken
   * at, each test held to its exact group-sequential boundary there.
   */
  look?: number
}

/** Per expectation, how often runs of a version paired with itself disagree. */
export interface NoiseFloor {
  id: string
  /** Trial pairs whose two runs disagree, of all trial pairs. */
  pairedDisagreements: number
  trials: number
  /** Distinct runs over both sides, each counted once, and how many of them passed. */
  runs: number
  passes: number
  /** Share of all pairs of distinct runs that disagree (0 for a reproducible agent). */
  disagreementRate: number
}

/**
 * A version paired with itself over a simulated conversation: in how many
 * trial pairs the two runs' conversations parted, and by whose doing. The
 * user is not pinned in a self-pair, so `simulator` is the simulated user's
 * own noise (it answered the same conversation differently) and `agent` the
 * agent's (its reply or calls differed first).
 */
export interface ConversationNoise {
  trials: number
  /** Trial pairs whose conversations are the same turn for turn. */
  same: number
  /** Trial pairs where the simulated user parted first. */
  simulator: number
  /** Trial pairs where the agent parted first. */
  agent: number
}

/** Model calls and tokens of a set of trials. */
export interface TrialCost {
  /** Runs over both sides. */
  runs: number
  modelCalls: number
  tokens: number
}

/** How a case with sequential trials ran: looks, alpha spent, where it stopped and what it saved. */
export interface SequentialTrials {
  /** The most trials per side. */
  maxK: number
  /** Trials per side at each planned look. */
  looks: number[]
  /**
   * Alpha spent at each look (Lan-DeMets O'Brien-Fleming-type spending, summed
   * over the looks it is alpha). Each one-sided test is held to its exact
   * group-sequential boundary on this schedule, computed from the joint null
   * distribution of its counts across the looks.
   */
  levels: number[]
  /** The look the case stopped at (1-based) and the trials per side it used. */
  stoppedAt: number
  used: number
  /**
   * Why: `efficacy` (a significant change), `futility` (no change could become
   * significant by the last look), `incomplete` (a side did not finish a trial),
   * `max` (the last look), `partial` (a filter or a shard left the next look's trials out).
   */
  stop: 'efficacy' | 'futility' | 'incomplete' | 'max' | 'partial'
  /** What the trials that ran cost, and what `maxK` trials a side would have (estimated at the mean per run). */
  cost: { used: TrialCost; fixed: TrialCost }
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
  /** Present when a version is paired with itself over a simulated conversation. */
  conversationNoise?: ConversationNoise
  /** The one decision the case's classification comes from (absent in reports written before it). */
  test?: FamilyTest
  /** Whether each side ran its own seeds (`independent`) or both sides one seed per trial (`shared`). */
  seeds?: 'independent' | 'shared'
  /** Present when the trials ran in rounds and the case could stop early. */
  sequential?: SequentialTrials
  /** Present when the case ran under an attack: attack success and utility under attack, per side. */
  security?: SecurityTrials
}

/** How often an attack succeeded on one side: trials whose goal was reached, of the trials decided. */
export interface AttackSuccess {
  successes: number
  trials: number
  /** Wilson 95 % interval of the attack success rate. */
  wilson: { low: number; high: number }
}

/** One attack over the trials of both sides. */
export interface AttackRates {
  /** The attack's id. */
  attack: string
  /** The `attackerGoal` expectation that judges it. */
  expectation: string
  baseline: AttackSuccess
  candidate: AttackSuccess
  /** Trials whose security result was ERROR or missing: neither a success nor a defence. */
  unknown: { baseline: number; candidate: number }
  /** The attack succeeds more often on the candidate and the case's one decision holds it significant. */
  candidateMoreVulnerable: boolean
  /** Which way the attack success rate moved (`worse`: more successes on the candidate). */
  direction: 'worse' | 'better' | 'same'
  /** The one-sided Fisher p-value of that move (1 when it did not move). */
  pValue: number
}

/** A case under attack over trials: utility (the user's task) and security (each attack) apart. */
export interface SecurityTrials {
  /** Trials that finished with every utility expectation passing: utility under attack. */
  utility: { baseline: RateSummary; candidate: RateSummary }
  attacks: AttackRates[]
}
