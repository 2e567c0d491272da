import type { CaseClass, GatePolicy } from '../compare/index.ts'
import type { SideCase } from '../compare/pair.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { PairOption } from './options.ts'

/** Task meta of a generated expectation test: one expectation on one agent version. */
export interface ExpectationTaskMeta {
  kind: 'expectation'
  scenario: { id: string; version: string; file: string }
  agent: { name: string; version: string }
  result: ExpectationResult
  case: { finished: boolean; toolCalls: number; claimed?: string; error?: string }
}

/**
 * Task meta of a generated pair test: both sides of one case, as recorded.
 * Plain JSON, so it survives workers, `--shard` blobs and `--merge-reports`;
 * the reporter rebuilds the whole comparison from these alone.
 */
export interface PairCaseTaskMeta {
  kind: 'pair-case'
  pair: PairOption
  /** Position of the pair in the plugin options, so reports list pairs in that order. */
  pairIndex: number
  gate?: Partial<GatePolicy>
  classification: CaseClass
  baseline: SideCase
  candidate: SideCase
  /** Which trial of the case this test ran, when the case runs several. */
  trial?: { index: number; of: number }
  /** Significance level of the comparison over trials, when not the default. */
  alpha?: number
}

export type AgentTwinTaskMeta = ExpectationTaskMeta | PairCaseTaskMeta

declare module 'vitest' {
  interface TaskMeta {
    agenttwin?: AgentTwinTaskMeta
  }
}
