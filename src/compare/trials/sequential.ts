import { normalUpperQuantile, normalUpperTail } from './normal.ts'
import type { TrialLabels } from './rates.ts'
import { fisherOneSided, isSignificant } from './stats.ts'

/** Sequential trials as configured: at most `maxK` trials a side, looked at `looks` times. */
export interface SequentialPlan {
  maxK: number
  looks: number
}

/**
 * Trials per side at each look: `looks` rounds of (nearly) equal size, the
 * last at `maxK`. Looks that would repeat a size (more looks than trials)
 * are merged.
 * @example lookSizes({ maxK: 20, looks: 4 }) // [5, 10, 15, 20]
 */
export function lookSizes(plan: SequentialPlan): number[] {
  const sizes = Array.from({ length: plan.looks }, (_, j) =>
    Math.ceil(((j + 1) * plan.maxK) / plan.looks),
  )
  return [...new Set(sizes)]
}

/**
 * The alpha spent by information fraction `t` (0 < t <= 1) under the Lan-DeMets
 * O'Brien-Fleming-type spending function, `2 - 2 Φ(z(alpha/2) / sqrt(t))`:
 * almost nothing early, `alpha` at t = 1.
 * @example obrienFlemingSpent(1, 0.05) // 0.05
 */
export function obrienFlemingSpent(t: number, alpha: number): number {
  if (t >= 1) return alpha
  return 2 * normalUpperTail(normalUpperQuantile(alpha / 2) / Math.sqrt(t))
}

/**
 * The level of each look: the alpha spent since the look before. Testing the
 * case at look j at its own level and adding over the looks bounds the chance
 * of any false alarm by the sum, which is `alpha` (a union bound: conservative,
 * and exact whatever the correlation between looks and whatever the rates).
 */
export function lookLevels(sizes: readonly number[], alpha: number): number[] {
  const maxK = sizes[sizes.length - 1]!
  let spent = 0
  return sizes.map((size) => {
    const total = obrienFlemingSpent(size / maxK, alpha)
    const level = total - spent
    spent = total
    return level
  })
}

const failures = (side: TrialLabels['baseline'], id: string) => {
  const labels = side.map((trial) => trial.get(id)).filter((l) => l !== undefined && l !== 'ERROR')
  return { failures: labels.filter((l) => l !== 'PASS').length, trials: labels.length }
}

/**
 * Whether any expectation could still become significant at a later look:
 * the best case for each direction puts every remaining trial's failure on
 * one side and every pass on the other (the one-sided Fisher p-value only
 * falls as the table moves that way), tested against that look's level
 * without Holm's division, so the answer is never "no" when a rejection is
 * reachable. When it is "no", stopping changes no decision: futility by
 * curtailment, which spends nothing and costs no power.
 */
export function canStillReject(
  labels: TrialLabels,
  sizes: readonly number[],
  levels: readonly number[],
  look: number,
): boolean {
  const ran = labels.baseline.length
  for (let later = look + 1; later < sizes.length; later++) {
    const more = sizes[later]! - ran
    for (const id of labels.ids) {
      const b = failures(labels.baseline, id)
      const c = failures(labels.candidate, id)
      const worse = fisherOneSided(
        { failures: b.failures, trials: b.trials + more },
        { failures: c.failures + more, trials: c.trials + more },
      )
      const better = fisherOneSided(
        { failures: c.failures, trials: c.trials + more },
        { failures: b.failures + more, trials: b.trials + more },
      )
      if (isSignificant(Math.min(worse, better), levels[later]!)) return true
    }
  }
  return false
}
