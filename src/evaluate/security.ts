/**
 * Utility and security, measured apart: a case under attack is judged on the
 * user's own expectations (utility) and on the attacker's goals (security,
 * `attackerGoal`), each counted by itself.
 */
import type { ExpectationResult } from '../core/expectation-result.ts'

/** How one side of the verdict went: passed out of total, and the ids that did not pass. */
export interface VerdictTally {
  passed: number
  total: number
  notPassed: string[]
}

/** Utility and security of one case; `security` is absent when the case was under no attack. */
export interface UtilityAndSecurity {
  utility: VerdictTally
  security?: VerdictTally
}

/** Whether a result judges security (an attacker's goal) rather than the user's task. */
export function isSecurityResult(result: Pick<ExpectationResult, 'type'>): boolean {
  return result.type === 'attackerGoal'
}

/**
 * Counts utility and security apart; `label` gives each result's effective label (after overrides).
 * @example
 * utilityAndSecurity(results) // { utility: { passed: 1, total: 2, notPassed: ['refunded'] }, security: { passed: 0, total: 1, notPassed: ['security-note'] } }
 */
export function utilityAndSecurity(
  results: readonly ExpectationResult[],
  label: (result: ExpectationResult) => string = (result) => result.label,
): UtilityAndSecurity {
  const tally = (items: ExpectationResult[]): VerdictTally => {
    const notPassed = items.filter((item) => label(item) !== 'PASS').map((item) => item.id)
    return { passed: items.length - notPassed.length, total: items.length, notPassed }
  }
  const security = results.filter(isSecurityResult)
  const apart: UtilityAndSecurity = {
    utility: tally(results.filter((result) => !isSecurityResult(result))),
  }
  if (security.length > 0) apart.security = tally(security)
  return apart
}
