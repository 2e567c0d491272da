import { firstCrossing, type LookCounts, obrienFlemingSpent } from './group-sequential.ts'
import { lookCounts, type TrialLabels } from './rates.ts'

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
 * The alpha the spending function spends at each look (since the look
 * before; they add up to `alpha`). Each test's exact boundaries spend its
 * own share of the level on the same schedule (./group-sequential.ts).
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

/** The look's new trials as the best case for a rejection: every one fails on the worse side, passes on the other. */
function allOnWorse(trials: number): LookCounts {
  return { worse: { failures: trials, trials }, better: { failures: 0, trials } }
}

/**
 * Whether any expectation could still be rejected by the last look: the
 * best case for each direction puts every remaining trial's failure on one
 * side and every pass on the other, look by look, and tests that against
 * its exact boundaries at the whole of `alpha` (no Holm division), so the
 * answer is never "no" when a rejection is reachable. When it is "no",
 * stopping changes no decision: futility by curtailment, which spends
 * nothing and costs no power.
 */
export function canStillReject(
  labels: TrialLabels,
  sizes: readonly number[],
  look: number,
  alpha: number,
): boolean {
  if (look >= sizes.length - 1) return false
  const maxK = sizes[sizes.length - 1]!
  const fractions = sizes.map((size) => size / maxK)
  const later = sizes.slice(look + 1).map((size, i) => allOnWorse(size - sizes[look + i]!))
  return labels.ids.some((id) =>
    (['worse', 'better'] as const).some((direction) => {
      const sofar = lookCounts(labels, id, sizes.slice(0, look + 1), direction)
      return firstCrossing([...sofar, ...later], fractions, alpha) >= 0
    }),
  )
}
