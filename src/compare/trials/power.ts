import { normalUpperQuantile } from './normal.ts'
import { type FailureCount, isSignificant, logComb } from './stats.ts'

/** The largest k per side {@link trialsNeeded} looks at. */
export const MAX_TRIALS_SEARCHED = 1000

/** The power a plan aims for when none is given. */
export const DEFAULT_POWER = 0.8

/** log of the binomial probabilities of 0..k failures at failure rate `p`. */
function logBinomials(k: number, p: number): number[] {
  return Array.from({ length: k + 1 }, (_, x) => {
    if (p === 0) return x === 0 ? 0 : Number.NEGATIVE_INFINITY
    if (p === 1) return x === k ? 0 : Number.NEGATIVE_INFINITY
    return logComb(k, x) + x * Math.log(p) + (k - x) * Math.log(1 - p)
  })
}

/**
 * The one-sided Fisher p-value of `better` against `worse` failures, `k`
 * trials a side, summed from the observed count upward. Past the
 * hypergeometric mode the terms fall geometrically, so the sum stops once a
 * term no longer changes it in double precision.
 */
function tailFrom(better: number, worse: number, k: number): number {
  const total = better + worse
  const all = logComb(2 * k, k)
  const high = Math.min(total, k)
  let p = 0
  for (let x = worse; x <= high; x++) {
    const term = Math.exp(logComb(total, x) + logComb(2 * k - total, k - x) - all)
    p += term
    if (x > total / 2 && term < p * 1e-17) break
  }
  return Math.min(1, p)
}

/**
 * The exact power of the one-sided Fisher test with `k` trials a side: the
 * chance, when the better side fails at rate `better` and the worse side at
 * `worse`, that the test comes out significant at `level`. For each count of
 * the better side's failures the test rejects from a critical count of the
 * worse side's failures upward (the p-value falls as that count grows and
 * rises with the better side's), so the power is a sum of binomial
 * probabilities times binomial upper tails over every outcome.
 * @example fisherPower(0.1, 0.7, 20, 0.05) // ≈ 0.98
 */
export function fisherPower(better: number, worse: number, k: number, level: number): number {
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${k}`)
  for (const rate of [better, worse])
    if (!(rate >= 0 && rate <= 1)) throw new RangeError(`rates must be in [0, 1], got ${rate}`)
  const b = logBinomials(k, better).map(Math.exp)
  const w = logBinomials(k, worse).map(Math.exp)
  // tailW[x]: the chance the worse side fails x times or more.
  const tailW = new Array<number>(k + 2).fill(0)
  for (let x = k; x >= 0; x--) tailW[x] = tailW[x + 1]! + w[x]!
  let power = 0
  let critical = 0
  for (let a = 0; a <= k; a++) {
    while (critical <= k && !isSignificant(tailFrom(a, critical, k), level)) critical++
    if (critical > k) break
    power += b[a]! * tailW[critical]!
  }
  return Math.min(1, power)
}

/** What a plan for more trials aims at. */
export interface PlanOptions {
  /** The power wanted, default 0.8. */
  power?: number
  /**
   * The one-sided tests in the case's family: a plan is for the first Holm
   * step, at `alpha / tests`. Default 1.
   */
  tests?: number
}

/**
 * The trials per side that give `power` (default 80 %) to detect the
 * observed difference in failure rates at `alpha`: the smallest k found, by
 * doubling then bisection on the exact power of the one-sided Fisher test at
 * `alpha / tests` ({@link fisherPower}), whose power reaches the target while
 * k - 1 does not. `undefined` when the rates do not differ or no k up to
 * {@link MAX_TRIALS_SEARCHED} would do (also said without the exact search
 * when the normal approximation's plan is over four times that).
 * @example trialsNeeded({ failures: 1, trials: 10 }, { failures: 3, trials: 10 }, 0.05) // 62
 */
export function trialsNeeded(
  better: FailureCount,
  worse: FailureCount,
  alpha: number,
  options: PlanOptions = {},
): number | undefined {
  const target = options.power ?? DEFAULT_POWER
  const level = alpha / (options.tests ?? 1)
  const low = better.failures / better.trials
  const high = worse.failures / worse.trials
  if (!(high > low)) return undefined
  // The normal approximation's plan, far beyond the search: no exact search needed to say so.
  const z = normalUpperQuantile(level) + normalUpperQuantile(1 - target)
  const approximate = (z * z * (low * (1 - low) + high * (1 - high))) / (high - low) ** 2
  if (approximate > 4 * MAX_TRIALS_SEARCHED) return undefined
  const enough = (k: number) => fisherPower(low, high, k, level) >= target
  let hi = 1
  while (!enough(hi)) {
    if (hi >= MAX_TRIALS_SEARCHED) return undefined
    hi = Math.min(MAX_TRIALS_SEARCHED, hi * 2)
  }
  let lo = Math.floor(hi / 2)
  // Invariant: enough(hi); lo is 0 or not enough.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (enough(mid)) hi = mid
    else lo = mid
  }
  // The exact power is a saw-tooth in k: step down while the k below still reaches it.
  while (hi > 1 && enough(hi - 1)) hi--
  return hi
}
