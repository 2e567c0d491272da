import type { CaseReport } from '../compare/report.ts'
import type { CaseTrials, RateSummary } from '../compare/trials/types.ts'
import { formatP, rateChange } from '../compare/trials/words.ts'

const fixed = (value: number) => value.toFixed(2)

/** pass^k at k = all trials, as `0.33`. */
export function passHatAll(summary: RateSummary): string {
  const value = summary.passHatK[summary.trials - 1]
  return value === undefined ? 'n/a' : fixed(value)
}

function wilson(summary: RateSummary): string {
  return `[${fixed(summary.wilson.low)}, ${fixed(summary.wilson.high)}]`
}

/** Which sides' trials disagree, e.g. `FLAKY (candidate)`; empty when neither. */
export function flakyWords(trials: CaseTrials): string {
  const sides = (['baseline', 'candidate'] as const).filter((side) => trials.flaky[side])
  return sides.length > 0 ? `FLAKY (${sides.join(', ')})` : ''
}

/** `case passed 4/5 → 0/5, pass^5 0.00 → 0.00`: the whole case over its trials. */
export function caseRateWords(trials: CaseTrials): string {
  return `case passed ${rateChange(trials)}, pass^${trials.k} ${passHatAll(trials.baseline)} → ${passHatAll(trials.candidate)}`
}

/**
 * The plain-text lines of a case's trials, for the terminal and Markdown:
 * k and alpha, the whole-case rates, each expectation whose rate moved with
 * its p-value, the notes on changes that are not significant, and for a
 * version paired with itself the noise floor.
 */
export function trialLines(item: CaseReport): string[] {
  const trials = item.trials
  if (!trials) return []
  const flaky = flakyWords(trials)
  const lines = [
    `${trials.k} a side, alpha ${trials.alpha}; shown: ${trials.representative.reason}`,
    `${caseRateWords(trials)}, Wilson 95 % ${wilson(trials.baseline)} → ${wilson(trials.candidate)}${flaky ? `, ${flaky}` : ''}`,
  ]
  for (const r of trials.expectations.filter((e) => e.direction !== 'same' || e.significant)) {
    const significance = r.significant ? 'significant' : 'not significant'
    lines.push(
      `${r.id}${r.critical ? ' critical' : ''} ${rateChange(r)}, pass^${r.baseline.trials} ${passHatAll(r.baseline)} → ${passHatAll(r.candidate)}, p = ${formatP(r.pValue)} (${significance})`,
    )
  }
  for (const note of trials.notes) lines.push(`note: ${note}`)
  if (trials.noiseFloor) {
    const floor = trials.noiseFloor
      .map(
        (entry) =>
          `${entry.id} ${entry.pairedDisagreements}/${entry.trials} same-seed pairs disagree, ${Math.round(entry.disagreementRate * 100)} % of any two runs`,
      )
      .join('; ')
    lines.push(`noise floor (a version paired with itself): ${floor}`)
  }
  return lines
}

/** Whether the terminal and Markdown list a case: not UNCHANGED, or UNCHANGED with something seen. */
export function isListed(item: CaseReport): boolean {
  if (item.classification !== 'UNCHANGED') return true
  return Boolean(item.trials && (item.trials.notes.length > 0 || item.flaky))
}
