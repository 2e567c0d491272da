/**
 * The four verdicts of a checked outcome. Execution, state and claim are
 * proven separately; `unknown` is never a pass; evidence is complete or not.
 */

/** One proven conclusion: `pass`, `fail`, or `unknown` when the evidence cannot decide. */
export type Verdict = 'pass' | 'fail' | 'unknown'

export interface ContractVerdicts {
  /** The allowed action executed, on the right entity, as often as allowed. */
  execution_ok: Verdict
  /** The authoritative state, read back, is what the contract expects, produced by this operation. */
  state_ok: Verdict
  /** What the agent told the user is allowed by the contract for the real outcome, and true. */
  claim_ok: Verdict
  /** Every piece of evidence the verdicts rest on is present. */
  evidence_complete: boolean
}

/** A verdict with the reasons behind it, in plain words. */
export interface ReasonedVerdict {
  verdict: Verdict
  reasons: string[]
}

/**
 * An outcome passes only when all three verdicts pass and the evidence is complete.
 * @example
 * verdictsPass({ execution_ok: 'pass', state_ok: 'pass', claim_ok: 'unknown', evidence_complete: true }) // false
 */
export function verdictsPass(verdicts: ContractVerdicts): boolean {
  return (
    verdicts.execution_ok === 'pass' &&
    verdicts.state_ok === 'pass' &&
    verdicts.claim_ok === 'pass' &&
    verdicts.evidence_complete
  )
}

/** `execution_ok pass, state_ok fail, claim_ok unknown, evidence_complete false`. */
export function formatVerdicts(verdicts: ContractVerdicts): string {
  return `execution_ok ${verdicts.execution_ok}, state_ok ${verdicts.state_ok}, claim_ok ${verdicts.claim_ok}, evidence_complete ${verdicts.evidence_complete}`
}

export const pass = (...reasons: string[]): ReasonedVerdict => ({ verdict: 'pass', reasons })
export const fail = (...reasons: string[]): ReasonedVerdict => ({ verdict: 'fail', reasons })
export const unknown = (...reasons: string[]): ReasonedVerdict => ({ verdict: 'unknown', reasons })
