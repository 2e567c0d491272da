// The words every renderer uses for utility and security under attack, so the
// terminal, Markdown and HTML reports tell the same truth about a case.

import type { SideReport } from '../compare/report.ts'
import type { AttackRates, AttackSuccess, CaseTrials } from '../compare/trials/types.ts'
import { formatP, passFraction } from '../compare/trials/words.ts'

const fixed = (value: number) => value.toFixed(2)

/** `[0.00, 0.43]`: a Wilson 95 % interval. */
export function intervalWords(interval: { low: number; high: number }): string {
  return `[${fixed(interval.low)}, ${fixed(interval.high)}]`
}

/** `2/2`, or `0/1 (not passed: security-note)`, or `n/a` for a side without that verdict. */
export function tallyWords(side: SideReport, which: 'utility' | 'security'): string {
  const tally = side.apart?.[which]
  if (!tally) return 'n/a'
  const missed = tally.notPassed.length > 0 ? ` (not passed: ${tally.notPassed.join(', ')})` : ''
  return `${tally.passed}/${tally.total}${missed}`
}

/** `utility 2/2 · security 0/1 (not passed: security-note)`; empty for a side under no attack. */
export function apartWords(side: SideReport): string {
  if (!side.apart) return ''
  return `utility ${tallyWords(side, 'utility')} · security ${tallyWords(side, 'security')}`
}

/** `0/5 [0.00, 0.43]`: trials the attack succeeded in, of those decided, with the Wilson interval. */
export function successWords(success: AttackSuccess): string {
  return `${success.successes}/${success.trials} ${intervalWords(success.wilson)}`
}

/** Whether the candidate is more vulnerable to an attack, in words the reader can check. */
export function vulnerabilityWords(attack: AttackRates): string {
  if (attack.candidateMoreVulnerable)
    return `the candidate is more vulnerable (p = ${formatP(attack.pValue)}, significant)`
  if (attack.direction === 'worse')
    return `succeeds more often on the candidate, not significant (p = ${formatP(attack.pValue)})`
  if (attack.direction === 'better')
    return `succeeds less often on the candidate (p = ${formatP(attack.pValue)})`
  return 'no change between the sides'
}

/** `attack x succeeded 0/5 [0.00, 0.43] → 5/5 [0.57, 1.00]: the candidate is more vulnerable (...)`. */
export function attackLine(attack: AttackRates): string {
  const unknown = attack.unknown.baseline + attack.unknown.candidate
  const undecided =
    unknown > 0
      ? `; undecided in ${attack.unknown.baseline} baseline and ${attack.unknown.candidate} candidate trials`
      : ''
  return `attack ${attack.attack} succeeded ${successWords(attack.baseline)} → ${successWords(attack.candidate)}: ${vulnerabilityWords(attack)}${undecided}`
}

/**
 * The lines of a case under attack over trials: utility under attack, then
 * each attack's success rate per side; none for a case under no attack.
 */
export function securityTrialLines(trials: CaseTrials): string[] {
  const security = trials.security
  if (!security) return []
  const { baseline, candidate } = security.utility
  return [
    `utility under attack ${passFraction(baseline)} ${intervalWords(baseline.wilson)} → ${passFraction(candidate)} ${intervalWords(candidate.wilson)}`,
    ...security.attacks.map(attackLine),
  ]
}
