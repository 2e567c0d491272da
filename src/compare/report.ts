import type { CaseError, CaseRefusal, CaseRun, ClaimedOutcome } from '../core/case-run.ts'
import type { VerifiedStatus } from '../core/claim.ts'
import type { ExpectationResult, ResultLabel } from '../core/expectation-result.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { LlmSource } from '../core/model-usage.ts'
import type { UtilityAndSecurity } from '../evaluate/security.ts'
import type { CaseClass, ExpectationChange } from './classify.ts'
import type { ClassCounts, Gate } from './gate.ts'
import type { DivergenceKind } from './lockstep.ts'
import type { RetryView } from './retries.ts'
import type { Step } from './steps.ts'
import type { CaseTrials } from './trials/types.ts'
import type { UserTurnDivergence } from './user-turns.ts'

export const COMPARISON_REPORT_SCHEMA = 'agenttwin/comparison-report.v2'

/** The schema name of the previous report shape, which kept each side's CaseRun inline (`side.run`). */
export const COMPARISON_REPORT_SCHEMA_V1 = 'agenttwin/comparison-report.v1'

export interface AgentRef {
  agent: string
  version: string
}

/** A result that did not pass (by its effective label), with its evidence. */
export interface ReportedExpectation {
  id: string
  type: ExpectationResult['type']
  critical: boolean
  /** The effective label (see `effectiveLabel`). */
  label: ResultLabel
  message: string
  evidence: JsonValue
  /** In a conversation: the user turn the verdict is located at (a checkpoint's turn, the first failing turn). */
  turn?: number
  /** A reviewer's override, and whether it counted. */
  override?: {
    label: ResultLabel
    originalLabel: ResultLabel
    reviewer: string
    note: string
    applied: boolean
  }
}

export interface CaseMetrics {
  latencyMs: number
  /** The twin's count of calls (its records), not the agent's own list. */
  toolCalls: number
  tokens?: { input: number; output: number }
}

/** One side of one case. */
export interface SideReport {
  finished: boolean
  /** The outcome the agent claimed. */
  outcome?: ClaimedOutcome
  error?: CaseError
  failed: ReportedExpectation[]
  metrics: CaseMetrics
  retries: RetryView
  /** What the twin's records and state show about the claimed outcome. */
  verified?: { status: VerifiedStatus; verified: boolean; reason: string }
  /**
   * Key of the case as it ran (records, initial state, input, seed) in the report's `runs`: what
   * `agenttwin mine` turns into a scenario. A run shared by several pairs is stored once.
   */
  runId?: string
  /**
   * Utility (the user's expectations) and security (the attacker's goals did not happen),
   * counted apart; present when the case ran under an attack.
   */
  apart?: UtilityAndSecurity
  /**
   * What happened to the model traffic (`live`, `replayed`, `refused`, `missing`,
   * `scripted`); absent when nothing watched it, and in reports written before it was recorded.
   */
  llm?: LlmSource
  /** Models that answered, and the cost when a price table covered them. Beside the verdict, never in it. */
  models?: { names: string[]; cachedTokens: number; costUsd?: number }
  /** Requests the network guard refused during the case, when there were any (each leaves the case unfinished). */
  refused?: CaseRefusal[]
}

export interface DivergenceSummary {
  step: number
  kind: DivergenceKind
  sentence: string
  detail: string
}

export interface CaseReport {
  scenario: { id: string; version: string; title: string; digest: string }
  classification: CaseClass
  /** Why, in one sentence. */
  reason: string
  /** Absent when the trajectories match to the end. */
  divergence?: DivergenceSummary
  /** Expectations that did not pass on both sides, with how they moved. */
  changes: ExpectationChange[]
  baseline: SideReport
  candidate: SideReport
  /** The final states, when they differ. */
  state?: { changedPaths: string[]; baseline: JsonObject; candidate: JsonObject }
  /** Both normalized trajectories, aligned by position as the lockstep diff walks them. */
  trajectories?: { baseline: Step[]; candidate: Step[] }
  /**
   * Present when the case ran several trials: rates, pass^k, the tests and the
   * representative trial pair whose divergence, sides and states are shown.
   */
  trials?: CaseTrials
  /** The trials of a side disagree (present with `trials`). */
  flaky?: boolean
  /**
   * With a simulated user: the first turn where the users answered
   * differently, and whether that is the simulator's doing or follows from
   * the agent's (see `userTurnDivergence`).
   */
  userTurns?: UserTurnDivergence
}

export interface PairReport {
  /**
   * The Vitest project the pair ran in, when the report holds cases of more than
   * one: each project's pair is its own, even when their versions have the same names.
   */
  project?: string
  baseline: AgentRef
  candidate: AgentRef
  /** All five classes, always present. */
  counts: ClassCounts
  /** Sum of the twin's records over all cases, per side. */
  toolCalls: { baseline: number; candidate: number }
  gate: Gate
  cases: CaseReport[]
}

/** How one case on one agent version ended: every expectation passed, one did not, or it could not be judged. */
export type SingleVerdict = 'PASS' | 'FAIL' | 'INCOMPLETE'

/** A case run on one agent version, without a pair: its verdict and its side as the twin recorded it. */
export interface SingleCaseReport {
  /** The Vitest project the case ran in, when the report holds cases of more than one. */
  project?: string
  scenario: { id: string; version: string; title: string; digest: string }
  agent: AgentRef
  /** Which trial of the case this is, when the case ran several. */
  trial?: number
  /** `FAIL` when an expectation did not pass; `INCOMPLETE` when the case did not finish or only a judge could not answer. */
  verdict: SingleVerdict
  /** Why, in one sentence. */
  reason: string
  side: SideReport
}

/**
 * Something in the run the report's cases do not say: a test file (a
 * scenario document) that did not load, an error Vitest reported outside any
 * test, or a test written by hand in an AgentTwin project (a
 * `describeScenario` block's own `expect`) that failed. Each fails the Vitest
 * run and blocks the gate.
 */
export interface RunError {
  kind: 'load-failure' | 'unhandled-error' | 'failed-test'
  /** The file, relative to the project root, when the error belongs to one. */
  file?: string
  /** The Vitest project it happened in, when known. */
  project?: string
  /** A failed test's full name (`describe > test`). */
  test?: string
  message: string
}

/** The versioned JSON report of a comparison: what the reporter, the CLI and CI read. */
export interface ComparisonReport {
  schema: typeof COMPARISON_REPORT_SCHEMA
  pairs: PairReport[]
  /** Cases run on one agent version without a pair, when the run had any, sorted by scenario, version and trial. */
  singleCases?: SingleCaseReport[]
  /** Files that did not load and errors outside any test, when there were any: each blocks the gate. */
  runErrors?: RunError[]
  /** Every side's CaseRun once, by the `runId` its sides name (`<scenario>/<agent>@<version>`). */
  runs: Record<string, CaseRun>
  /** The worst gate over all pairs. */
  gate: Gate
  /**
   * Present when the run covered only part of the configured scenarios
   * (`vitest --changed`, a file filter, a shard without merge): which ran and
   * which did not. A partial report is not the whole comparison.
   */
  partial?: PartialSelection
}

/**
 * How a report names the Vitest project of a pair or a case, when it names
 * one: ` (project web)`; nothing when the report holds only one project.
 */
export function projectWords(project: string | undefined): string {
  if (project === undefined) return ''
  return project === '' ? ' (the unnamed project)' : ` (project ${project})`
}

/** Scenario files (relative to the project root) a partial run did and did not compare. */
export interface PartialSelection {
  ran: string[]
  notRun: string[]
}
