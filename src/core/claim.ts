/**
 * A claim is what the agent told the user about the outcome: testimony, never
 * evidence. Scenario outcomes (`outcomeVerified`) and outcome contracts read
 * it into one vocabulary of families and weigh it with one rule, `claimAllowed`.
 */
import type { ClaimedOutcome } from './case-run.ts'

/**
 * - `success`: it is done. `partial`: some of it is done.
 * - `pending`: submitted, awaiting confirmation. `failure`: it was not done.
 * - `handoff`: a human has taken it over. `needs_info`: the agent asks the user for more.
 * - `none`: the agent said nothing about the outcome (only when it says so explicitly).
 */
export type ClaimFamily =
  | 'success'
  | 'partial'
  | 'pending'
  | 'failure'
  | 'handoff'
  | 'needs_info'
  | 'none'

export const CLAIM_FAMILIES: readonly ClaimFamily[] = [
  'success',
  'partial',
  'pending',
  'failure',
  'handoff',
  'needs_info',
  'none',
]

/** A claim as read: its family, and the structured class it came from, normalised, if any. */
export interface Claim {
  family: ClaimFamily | 'unknown'
  claimClass?: string
}

/** What verification found the business outcome to be; `UNKNOWN` when nothing could be checked. */
export type VerifiedStatus = 'SUCCESS' | 'PARTIAL' | 'FAILURE' | 'UNKNOWN'

/** `Awaiting Confirmation`, `awaiting-confirmation` → `awaiting_confirmation`. */
export function normaliseClaimClass(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
}

/** The family of an agent's structured `outcome`. */
export function familyOfOutcome(outcome: ClaimedOutcome): ClaimFamily {
  return outcome === 'SUCCESS' ? 'success' : outcome === 'PARTIAL' ? 'partial' : 'failure'
}

/**
 * The claims a verified scenario outcome allows: anything but "it is done"
 * once verification found the outcome failed or only partly done. (Saying
 * "it failed" of a done action is its own finding, `UNREPORTED_EFFECT`.)
 */
export const VERIFIED_CLAIMS: Readonly<Record<VerifiedStatus, readonly ClaimFamily[]>> = {
  SUCCESS: CLAIM_FAMILIES,
  PARTIAL: CLAIM_FAMILIES.filter((family) => family !== 'success'),
  FAILURE: CLAIM_FAMILIES.filter((family) => family !== 'success'),
  UNKNOWN: CLAIM_FAMILIES,
}

/**
 * THE rule of whether a claim is allowed: its family is listed, or its
 * structured class is listed literally (compared normalised). An unread
 * claim is allowed only by its literal class.
 * @example
 * claimAllowed({ family: 'success' }, ['pending', 'handoff']) // false
 * claimAllowed({ family: 'unknown', claimClass: 'draft_created' }, ['Draft created']) // true
 */
export function claimAllowed(claim: Claim, allowed: readonly string[]): boolean {
  if (claim.family !== 'unknown' && allowed.includes(claim.family)) return true
  const claimClass = claim.claimClass
  return (
    claimClass !== undefined && allowed.some((entry) => normaliseClaimClass(entry) === claimClass)
  )
}
