/**
 * The statistics of repeated trials, pure and exact: no clock, no random
 * numbers, same inputs give the same figures byte for byte.
 */

/** z of a two-sided 95 % interval. */
const Z95 = 1.959963984540054

/** The share of `k`-subsets of `n` trials, `comb(a, k) / comb(n, k)`, as a stable product. */
function subsetShare(a: number, n: number, k: number): number {
  if (k > n) throw new RangeError(`k (${k}) is larger than the number of trials (${n})`)
  let share = 1
  for (let i = 0; i < k; i++) share *= (a - i) / (n - i)
  return Math.max(0, share)
}

function checkCounts(successes: number, trials: number): void {
  if (!Number.isInteger(trials) || trials < 1)
    throw new RangeError(`trials must be a positive integer, got ${trials}`)
  if (!Number.isInteger(successes) || successes < 0 || successes > trials)
    throw new RangeError(`successes must be an integer in 0..${trials}, got ${successes}`)
}

/**
 * pass^k as tau-bench defines it (Yao et al. 2024): the chance that `k`
 * trials drawn without replacement from `n` all succeed, `comb(c, k) / comb(n, k)`.
 * @example passHatK(5, 3, 2) // 0.3
 */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts(c, n)
  return subsetShare(c, n, k)
}

/**
 * pass@k, the unbiased estimator of Chen et al. 2021 (Codex, HumanEval): the
 * chance that at least one of `k` trials drawn from `n` succeeds,
 * `1 - comb(n - c, k) / comb(n, k)`.
 * @example passAtK(5, 3, 2) // 0.9
 */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts(c, n)
  return 1 - subsetShare(n - c, n, k)
}

/** The Wilson score interval (95 %) of a pass rate `c / n`. */
export function wilsonInterval(c: number, n: number, z = Z95): { low: number; high: number } {
  checkCounts(c, n)
  const p = c / n
  const z2 = z * z
  const denominator = 1 + z2 / n
  const center = (p + z2 / (2 * n)) / denominator
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return { low: Math.max(0, center - half), high: Math.min(1, center + half) }
}

const logFactorials: number[] = [0]

function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++)
    logFactorials[i] = logFactorials[i - 1]! + Math.log(i)
  return logFactorials[n]!
}

/** log of the binomial coefficient `comb(n, k)`. */
export function logComb(n: number, k: number): number {
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k)
}

/** Failures out of trials on one side. */
export interface FailureCount {
  failures: number
  trials: number
}

/**
 * One-sided Fisher exact test: the probability, with both margins fixed, of
 * seeing at least `worse.failures` failures on the `worse` side if both sides
 * failed at the same rate. A small value means the `worse` side really fails
 * more often.
 * @example fisherOneSided({ failures: 0, trials: 5 }, { failures: 5, trials: 5 }) // 1/252
 */
export function fisherOneSided(better: FailureCount, worse: FailureCount): number {
  checkCounts(better.failures, better.trials)
  checkCounts(worse.failures, worse.trials)
  const total = better.trials + worse.trials
  const failures = better.failures + worse.failures
  const denominator = logComb(total, worse.trials)
  const highest = Math.min(failures, worse.trials)
  const lowest = Math.max(worse.failures, failures - better.trials)
  let p = 0
  for (let x = lowest; x <= highest; x++) {
    p += Math.exp(logComb(failures, x) + logComb(total - failures, worse.trials - x) - denominator)
  }
  return Math.min(1, p)
}

/**
 * Whether a p-value is below alpha. The tail is summed in floating point, so
 * a p-value that is exactly alpha (0/3 against 3/3 is 1/20) may come out a
 * rounding error below it; it must not count as significant.
 */
export function isSignificant(p: number, alpha: number): boolean {
  return p < alpha * (1 - 1e-9)
}
