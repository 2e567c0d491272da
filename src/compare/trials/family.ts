import { type FailureCount, fisherOneSided, isSignificant } from './stats.ts'

/** One one-sided hypothesis of a case's family: an expectation fails more often on one side. */
export interface Hypothesis {
  /** The side that would fail more often: the candidate (`worse`) or the baseline (`better`). */
  direction: 'worse' | 'better'
  /** One-sided Fisher p-value of the observed table. */
  p: number
  /**
   * The smallest p-value any table with these margins could give. A test that
   * cannot reach its level whatever the split is left out of the family
   * (Tarone 1990): with the margins fixed it can never reject.
   */
  minP: number
}

/** Failure counts of both sides of one expectation. */
export interface SidesCount {
  baseline: FailureCount
  candidate: FailureCount
}

/** The smallest one-sided p-value these margins allow, all failures on the `worse` side. */
function smallestP(better: FailureCount, worse: FailureCount): number {
  const total = better.failures + worse.failures
  const onWorse = Math.min(total, worse.trials)
  return fisherOneSided(
    { failures: total - onWorse, trials: better.trials },
    { failures: onWorse, trials: worse.trials },
  )
}

/** The two one-sided hypotheses of an expectation: the candidate fails more, the baseline fails more. */
export function hypothesesOf(count: SidesCount): [Hypothesis, Hypothesis] {
  const { baseline, candidate } = count
  return [
    {
      direction: 'worse',
      p: fisherOneSided(baseline, candidate),
      minP: smallestP(baseline, candidate),
    },
    {
      direction: 'better',
      p: fisherOneSided(candidate, baseline),
      minP: smallestP(candidate, baseline),
    },
  ]
}

/**
 * Tarone's count of a set of discrete tests at `level`: the smallest K for
 * which no more than K of them can reach `level / K`.
 */
export function taroneCount(minPs: readonly number[], level: number): number {
  for (let k = 1; k <= minPs.length; k++) {
    if (minPs.filter((minP) => isSignificant(minP, level / k)).length <= k) return k
  }
  return Math.max(1, minPs.length)
}

/** Which hypotheses the family rejects, and the size of the family at the first step. */
export interface FamilyDecision {
  rejected: boolean[]
  /** Tests counted at the first step (Tarone's K of the whole family). */
  tests: number
}

/**
 * Step-down Holm over a family of one-sided tests with Tarone's count in
 * place of the number of tests (Hommel and Krummenauer 1998): at each step
 * the smallest remaining p-value is rejected when it is below
 * `level / K`, K counting only the remaining tests whose margins can reach
 * that level. It holds the family-wise error rate at `level` whatever the
 * dependence between the tests: rejecting any one is an error of at most
 * `level`.
 * @example holmTarone([{ direction: 'worse', p: 0.004, minP: 0.004 }], 0.05).rejected // [true]
 */
export function holmTarone(hypotheses: readonly Hypothesis[], level: number): FamilyDecision {
  const rejected = hypotheses.map(() => false)
  const remaining = hypotheses.map((_, index) => index)
  const count = (indexes: number[]) =>
    taroneCount(
      indexes.map((i) => hypotheses[i]!.minP),
      level,
    )
  const tests = count(remaining)
  while (remaining.length > 0) {
    const k = count(remaining)
    let best = 0
    for (let i = 1; i < remaining.length; i++)
      if (hypotheses[remaining[i]!]!.p < hypotheses[remaining[best]!]!.p) best = i
    const index = remaining[best]!
    if (!isSignificant(hypotheses[index]!.p, level / k)) break
    rejected[index] = true
    remaining.splice(best, 1)
  }
  return { rejected, tests }
}
