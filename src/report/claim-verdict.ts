import type { SideReport } from '../compare/report.ts'

/**
 * How the agent's claim about the outcome stands against the evidence:
 * - `backed`: it claimed SUCCESS and the twin's state shows it;
 * - `contradicted`: the claim-checking expectation failed (a hallucinated
 *   success, a state mismatch, an unreported effect), or a SUCCESS claim the
 *   state does not back;
 * - `no-claim`: it claimed PARTIAL or FAILURE, so there is no success to back;
 * - `unverified`: nothing could be checked (the case did not finish, no
 *   state-changing call, a path that does not resolve).
 */
export type ClaimStanding = 'backed' | 'contradicted' | 'no-claim' | 'unverified'

/** The claim verdict of one side, in the words the report shows. */
export interface ClaimVerdict {
  standing: ClaimStanding
  /** Short words for the cell: the expectation's label when it failed, else the standing in words. */
  words: string
  /** The evidence in one sentence: the expectation's message, or the verification's reason. */
  reason: string
}

/**
 * The verdict on a side's claimed outcome, from the same evidence the
 * `outcomeVerified` expectation weighs: its failure when it failed, else the
 * claimed outcome against the verified status. A FAILURE claim is never shown
 * as a verified SUCCESS; `undefined` when the report recorded no verification.
 * @example
 * claimVerdict(side) // { standing: 'no-claim', words: 'FAILURE claimed, no success to back', reason: ... }
 */
export function claimVerdict(side: SideReport): ClaimVerdict | undefined {
  const failed = side.failed.find((result) => result.type === 'outcomeVerified')
  if (failed) {
    const standing = failed.label === 'ERROR' ? 'unverified' : 'contradicted'
    return { standing, words: failed.label, reason: failed.message }
  }
  if (!side.verified) return undefined
  const { status, verified, reason } = side.verified
  const claimed = side.finished ? side.outcome : undefined
  if (claimed === undefined) return { standing: 'unverified', words: 'not verified', reason }
  if (claimed !== 'SUCCESS') {
    return { standing: 'no-claim', words: `${claimed} claimed, no success to back`, reason }
  }
  if (!verified || status === 'UNKNOWN') {
    return { standing: 'unverified', words: 'SUCCESS claim not verified', reason }
  }
  if (status === 'SUCCESS') return { standing: 'backed', words: 'SUCCESS, backed by state', reason }
  return { standing: 'contradicted', words: `SUCCESS claimed, verified ${status}`, reason }
}
