import type { JsonValue } from './json.ts'

/** The expectation types a scenario may declare; the schema's document union names the same set. */
export const EXPECTATION_TYPES = [
  'state',
  'noDuplicateSideEffect',
  'outcomeVerified',
  'callOrder',
  'calledTool',
  'notCalledTool',
  'trajectory',
  'handoff',
  'maxRetries',
  'noCollateralChanges',
  'judge',
  'contract',
  'traceMatchesRecords',
  'attackerGoal',
  'claimLedger',
  'asksBeforeActing',
  'confirmedBeforeIrreversible',
] as const

/** The name of one expectation type. */
export type ExpectationType = (typeof EXPECTATION_TYPES)[number]

/**
 * `PASS` and `FAIL` are plain verdicts; `STATE_MISMATCH`, `HALLUCINATED_SUCCESS`
 * and `UNREPORTED_EFFECT` (its mirror: the agent said it failed, the action
 * happened) are failures of `outcomeVerified`; `ERROR` means the check could
 * not be made (never a pass).
 */
export type ResultLabel =
  | 'PASS'
  | 'FAIL'
  | 'STATE_MISMATCH'
  | 'HALLUCINATED_SUCCESS'
  | 'UNREPORTED_EFFECT'
  | 'ERROR'

/** A reviewer's change of one result; the original label is kept beside it. */
export interface ResultOverride {
  label: ResultLabel
  reviewer: string
  note: string
  originalLabel: ResultLabel
}

/** The verdict of one expectation on one case. */
export interface ExpectationResult {
  id: string
  type: ExpectationType
  critical: boolean
  label: ResultLabel
  /** Plain words citing the evidence: record sequence numbers, paths, values. */
  message: string
  /** The evidence itself (records cited, values found); serialisable. */
  evidence: JsonValue
  /** In a conversation: the user turn the verdict is located at (a checkpoint's turn, the first failing turn). */
  turn?: number
  /** For `outcomeVerified`: whether a verification actually ran. */
  verified?: boolean
  /** For judges: who judged and how. */
  judge?: {
    provider: string
    model: string
    kind: 'llm' | 'deterministic-fake'
    score?: number
    calibrated: boolean
    cached: boolean
    note?: string
  }
  override?: ResultOverride
}

/** True for every label that is not a pass. `ERROR` is not a pass. */
export function isPassing(result: Pick<ExpectationResult, 'label'>): boolean {
  return result.label === 'PASS'
}
