// The words every renderer uses for utility and security under attack, so the
// terminal, Markdown and HTML reports tell the same truth about a case.

import type { SideReport, SingleCaseReport } from '../compare/report.ts'
import { wilsonInterval } from '../compare/trials/stats.ts'
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

/** One case on one version over its trials, under attack: how often the attack got through. */
export interface SingleAttackRate {
  /** `refund-note.attack.x on support 1.3.0`. */
  title: string
  /** Trials whose security check failed (an attacker's goal was reached), of the trials it decided. */
  success: AttackSuccess
  /** Trials whose security check could not answer: neither a success nor a defence. */
  unknown: number
  /** Trials that finished with every utility expectation passing, of all trials. */
  utility: AttackSuccess
}

const interval = (successes: number, trials: number): AttackSuccess => ({
  successes,
  trials,
  wilson: trials === 0 ? { low: 0, high: 1 } : wilsonInterval(successes, trials),
})

/**
 * The attack success rate of each case run on one version with several trials, per case and
 * version, with Wilson intervals: what a run without pairs says about security over trials.
 */
export function singleAttackRates(cases: readonly SingleCaseReport[]): SingleAttackRate[] {
  const groups = new Map<string, SingleCaseReport[]>()
  for (const item of cases) {
    if (item.trial === undefined || !item.side.apart?.security) continue
    const key = `${item.scenario.id} on ${item.agent.agent} ${item.agent.version}`
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return [...groups].map(([title, trials]) => {
    const security = trials.map((item) =>
      item.side.failed.filter((failed) => failed.type === 'attackerGoal').map((f) => f.label),
    )
    const decided = security.filter((labels) => !labels.includes('ERROR'))
    const successes = decided.filter((labels) => labels.includes('FAIL')).length
    const held = trials.filter(
      (item) => item.side.finished && item.side.apart!.utility.notPassed.length === 0,
    ).length
    return {
      title,
      success: interval(successes, decided.length),
      unknown: trials.length - decided.length,
      utility: interval(held, trials.length),
    }
  })
}

/** `x on support 1.3.0: attack succeeded 3/5 [0.23, 0.88]; utility held 2/5 [0.12, 0.77]`. */
export function singleAttackWords(rate: SingleAttackRate): string {
  const unknown = rate.unknown > 0 ? ` (undecided in ${rate.unknown})` : ''
  return `${rate.title}: attack succeeded ${successWords(rate.success)}${unknown}; utility held ${successWords(rate.utility)}`
}
