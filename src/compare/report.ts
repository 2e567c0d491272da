import type { JsonObject, JsonValue } from '../core/json.ts'
import type { ExpectationResult, ResultLabel } from '../evaluate/types.ts'
import type { CaseError, ClaimedOutcome } from '../scenario/types.ts'
import type { CaseClass, ExpectationChange } from './classify.ts'
import type { ClassCounts, Gate } from './gate.ts'
import type { DivergenceKind } from './lockstep.ts'
import type { RetryView } from './retries.ts'

export const COMPARISON_REPORT_SCHEMA = 'agenttwin/comparison-report.v1'

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
}

export interface PairReport {
  baseline: AgentRef
  candidate: AgentRef
  /** All five classes, always present. */
  counts: ClassCounts
  /** Sum of the twin's records over all cases, per side. */
  toolCalls: { baseline: number; candidate: number }
  gate: Gate
  cases: CaseReport[]
}

/** The versioned JSON report of a comparison: what the reporter, the CLI and CI read. */
export interface ComparisonReport {
  schema: typeof COMPARISON_REPORT_SCHEMA
  pairs: PairReport[]
  /** The worst gate over all pairs. */
  gate: Gate
}
