/**
 * Exact group-sequential boundaries for the one-sided test of two failure
 * rates, computed for the discrete test itself (no normal approximation, no
 * simulation): deterministic, same figures on every machine.
 *
 * Under the null both sides fail at one rate p. Given how many failures each
 * look's new trials had over both sides (the look's margin), the number of
 * them on the side that would fail more is hypergeometric, independent of p
 * and of the other looks: the conditional argument of Fisher's exact test,
 * look by look. The null distribution of the running count across looks is
 * then a product of known distributions, computed by recursion over the
 * looks (convolution with each look's hypergeometric). At each look the
 * boundary is the lowest count whose chance of being the first crossing,
 * added to what earlier looks spent, stays within the alpha spent by then
 * (Lan-DeMets, O'Brien-Fleming-type spending function). Whatever the margins
 * and whatever p, the chance of any crossing is at most the level.
 */
import { normalUpperQuantile, normalUpperTail } from './normal.ts'
import { type FailureCount, isSignificant, logComb } from './stats.ts'

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

/** One look's new trials of a one-sided test: the side that would fail more (`worse`) and the other. */
export interface LookCounts {
  worse: FailureCount
  better: FailureCount
}

/** The null chances of 0..n failures on the worse side of one look, given its margin, from `low`. */
function lookDistribution(look: LookCounts): { low: number; chances: number[] } {
  const trials = look.worse.trials + look.better.trials
  const failures = look.worse.failures + look.better.failures
  const low = Math.max(0, failures - look.better.trials)
  const high = Math.min(failures, look.worse.trials)
  const all = logComb(trials, look.worse.trials)
  const chances: number[] = []
  for (let y = low; y <= high; y++)
    chances.push(
      Math.exp(logComb(failures, y) + logComb(trials - failures, look.worse.trials - y) - all),
    )
  return { low, chances }
}

/**
 * The first look (0-based) at which the running count of the worse side's
 * failures reaches its exact group-sequential boundary at `level`, or -1
 * when it reaches none. `fractions[i]` is look i's share of the planned
 * trials (1 at the last planned look, where the whole `level` is spent).
 * @example firstCrossing([{ worse: { failures: 10, trials: 10 }, better: { failures: 0, trials: 10 } }], [1], 0.05) // 0
 */
export function firstCrossing(
  looks: readonly LookCounts[],
  fractions: readonly number[],
  level: number,
): number {
  // alive[x]: the null chance that the running count is x and no look has crossed yet.
  let alive = [1]
  let spent = 0
  let observed = 0
  for (let i = 0; i < looks.length; i++) {
    const look = looks[i]!
    const { low, chances } = lookDistribution(look)
    const next = new Array<number>(alive.length + low + chances.length - 1).fill(0)
    alive.forEach((chance, x) => {
      if (chance === 0) return
      chances.forEach((c, y) => {
        next[x + low + y]! += chance * c
      })
    })
    observed += look.worse.failures
    const target = obrienFlemingSpent(fractions[i]!, level)
    // The lowest count whose first-crossing chance, with what was spent before, stays below the target.
    let boundary = next.length
    let tail = 0
    while (boundary > 0 && isSignificant(spent + tail + next[boundary - 1]!, target)) {
      boundary--
      tail += next[boundary]!
    }
    if (observed >= boundary && boundary < next.length) return i
    spent += tail
    next.fill(0, boundary)
    alive = next
  }
  return -1
}

/**
 * The most extreme looks these margins allow: each look's failures put on
 * the worse side as far as its trials go. A test that does not cross with
 * them cannot cross with any split of the same margins (Tarone's argument,
 * look by look).
 */
export function mostExtreme(looks: readonly LookCounts[]): LookCounts[] {
  return looks.map((look) => {
    const failures = look.worse.failures + look.better.failures
    const onWorse = Math.min(failures, look.worse.trials)
    return {
      worse: { failures: onWorse, trials: look.worse.trials },
      better: { failures: failures - onWorse, trials: look.better.trials },
    }
  })
}
