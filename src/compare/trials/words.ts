import { DEFAULT_POWER, MAX_TRIALS_SEARCHED } from './power.ts'
import type { ExpectationRates, RateSummary } from './types.ts'

/** `3/5`: passes out of trials. */
export function passFraction(summary: RateSummary): string {
  return `${summary.passes}/${summary.trials}`
}

/** `3/5 → 0/5`: passes out of trials, baseline then candidate. */
export function rateChange(rates: { baseline: RateSummary; candidate: RateSummary }): string {
  return `${passFraction(rates.baseline)} → ${passFraction(rates.candidate)}`
}

/** A p-value as a report shows it: three significant digits, never in exponent form below 0.0001. */
export function formatP(p: number): string {
  if (p >= 1) return '1'
  if (p < 0.0001) return '< 0.0001'
  return String(Number(p.toPrecision(3)))
}

/** `5/5 on the baseline and 0/5 on the candidate`. */
export function describeRates(rates: ExpectationRates): string {
  return `${passFraction(rates.baseline)} on the baseline and ${passFraction(rates.candidate)} on the candidate`
}

/**
 * A change that was seen but is not significant at this k, and the plan:
 * the trials a side that would give 80 % power to detect it at alpha (the
 * first Holm step over `tests` one-sided tests). The sentence the reports
 * show beside an UNCHANGED verdict.
 */
export function notSignificantNote(rates: ExpectationRates, alpha: number, tests = 1): string {
  const k =
    rates.baseline.trials === rates.candidate.trials
      ? `k=${rates.baseline.trials}`
      : `k=${rates.baseline.trials}/${rates.candidate.trials}`
  const power = `${Math.round(DEFAULT_POWER * 100)} % power`
  const holm = tests > 1 ? `, Holm over ${tests} one-sided tests` : ''
  const needed =
    rates.trialsNeeded === undefined
      ? `no k up to ${MAX_TRIALS_SEARCHED} a side would give ${power} to detect these rates at alpha ${alpha}${holm}`
      : `k=${rates.trialsNeeded} a side would give ${power} to detect these rates at alpha ${alpha}${holm}`
  return `${rates.id} ${rateChange(rates)} (${rates.direction}): seen but not significant at ${k} (p = ${formatP(rates.pValue)}); ${needed}`
}
