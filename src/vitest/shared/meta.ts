import type { TestArtifactBase } from 'vitest'
import type { CaseClass, GatePolicy } from '../../compare/index.ts'
import type { ComparedCase, SideCase } from '../../compare/pair.ts'
import type { TrialOptions } from '../../compare/trials/compare-trials.ts'
import type { ResultLabel } from '../../core/expectation-result.ts'
import type { PairOption } from './options.ts'

/**
 * Task meta of a generated expectation test: one expectation on one agent
 * version, in short (the Vitest UI shows meta as it is; the evidence is in
 * the failure and the annotation).
 */
export interface ExpectationTaskMeta {
  kind: 'expectation'
  scenario: { id: string; version: string; file: string }
  agent: { name: string; version: string }
  /**
   * The effective label; the evaluator's sentence is the test's annotation.
   * `turn`: in a conversation, the user turn the verdict is located at.
   */
  expectation: { id: string; type: string; critical: boolean; label: ResultLabel; turn?: number }
  /** `turns`: in a conversation, how many user turns the case played. */
  case: { finished: boolean; toolCalls: number; claimed?: string; error?: string; turns?: number }
}

/** One side of a pair test in short: what a person reads in the Vitest UI's meta panel. */
export interface PairSideSummary {
  /** `SUCCESS (claim: SUCCESS, backed by state)`, or why the case did not finish. */
  outcome: string
  toolCalls: number
  /** Ids of the expectations that did not pass, with their effective labels (and turn, in a conversation). */
  failed: string[]
}

/**
 * Task meta of a generated pair test: a short, readable summary. The whole
 * record (both sides as recorded) travels beside it as a
 * {@link PairCaseArtifact}, which the reporter reads.
 */
export interface PairCaseTaskMeta {
  kind: 'pair-case'
  /** The Vitest project the pair belongs to, when it is named: two projects' pairs of the same versions are two pairs. */
  project?: string
  pair: PairOption
  /** Position of the pair in the plugin options, so reports list pairs in that order. */
  pairIndex: number
  gate?: Partial<GatePolicy>
  scenario: string
  classification: CaseClass
  /** Step of the first divergence (its sentence is the test's annotation); absent when the trajectories match. */
  divergesAt?: number
  /** Expectations whose label moved: `policy-before-refund: PASS → FAIL (regressed)`. */
  changes: string[]
  baseline: PairSideSummary
  candidate: PairSideSummary
  /** Which trial of the case this test ran, when the case runs several. */
  trial?: { index: number; of: number }
  /** Significance level of the comparison over trials, when not the default. */
  alpha?: number
}

export type AgentTwinTaskMeta = ExpectationTaskMeta | PairCaseTaskMeta

/** The artifact type of a pair test's record. */
export const PAIR_CASE_ARTIFACT = 'agenttwin:compared-case'

/**
 * One case as the worker compared it, with both sides as recorded: plain
 * JSON that survives workers, `--shard` blobs and `--merge-reports` (Vitest
 * stores a test's artifacts with it). The reporter builds the report from
 * these alone and only aggregates them; it never compares a case again. The
 * Vitest UI does not render custom artifacts, so its meta panel stays short.
 */
export interface PairCaseArtifact extends TestArtifactBase {
  type: typeof PAIR_CASE_ARTIFACT
  compared: ComparedCase
  /** For one trial of a case: how the case's trials are judged (seeds, sequential plan). */
  trials?: TrialOptions
}

/** The artifact type of a case run on one agent version (no pair). */
export const SINGLE_CASE_ARTIFACT = 'agenttwin:single-case'

/**
 * One case as it ran on one agent version with its expectation results:
 * recorded once per case and version, on the first of its expectation tests
 * that runs, so the reporter can list cases that have no pair.
 */
export interface SingleCaseArtifact extends TestArtifactBase {
  type: typeof SINGLE_CASE_ARTIFACT
  evaluated: SideCase
}

declare module 'vitest' {
  interface TaskMeta {
    agenttwin?: AgentTwinTaskMeta
  }
  interface TestArtifactRegistry {
    'agenttwin:compared-case': PairCaseArtifact
    'agenttwin:single-case': SingleCaseArtifact
  }
}
