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
 * One test of a family as Holm and Tarone see it: its p-value (for the
 * order), whether it rejects at a level, and whether its margins could let
 * it reject at that level at all.
 */
export interface FamilyMember {
  p: number
  rejects(level: number): boolean
  reachable(level: number): boolean
}

/** Tarone's count of a set of tests at `level`: the smallest K for which no more than K of them can reach `level / K`. */
function taroneCountOf(members: readonly FamilyMember[], level: number): number {
  for (let k = 1; k <= members.length; k++) {
    if (members.filter((m) => m.reachable(level / k)).length <= k) return k
  }
  return Math.max(1, members.length)
}

/**
 * Tarone's count of a set of discrete tests at `level`: the smallest K for
 * which no more than K of them can reach `level / K`.
 */
export function taroneCount(minPs: readonly number[], level: number): number {
  return taroneCountOf(
    minPs.map((minP) => ({
      p: minP,
      rejects: () => false,
      reachable: (l) => isSignificant(minP, l),
    })),
    level,
  )
}

/** Which hypotheses the family rejects, and the size of the family at the first step. */
export interface FamilyDecision {
  rejected: boolean[]
  /** Tests counted at the first step (Tarone's K of the whole family). */
  tests: number
}

/**
 * {@link holmTarone} for any tests that say whether they reject at a level:
 * at each step, of the remaining tests (smallest p-value first) the first
 * that rejects at `level / K` is rejected, K being Tarone's count of the
 * remaining ones; it stops when none does. With group-sequential tests
 * (each against its own boundary at its share of the level) this is the
 * Holm procedure of Maurer and Bretz (2013), which holds the family-wise
 * error at `level`.
 */
export function holmTaroneBy(members: readonly FamilyMember[], level: number): FamilyDecision {
  const rejected = members.map(() => false)
  const remaining = members.map((_, index) => index)
  const count = (indexes: number[]) =>
    taroneCountOf(
      indexes.map((i) => members[i]!),
      level,
    )
  const tests = count(remaining)
  while (remaining.length > 0) {
    const k = count(remaining)
    const order = [...remaining].sort((a, b) => members[a]!.p - members[b]!.p || a - b)
    const index = order.find((i) => members[i]!.rejects(level / k))
    if (index === undefined) break
    rejected[index] = true
    remaining.splice(remaining.indexOf(index), 1)
  }
  return { rejected, tests }
}

/**
 * Step-down Holm over a family of one-sided tests with Tarone's count in
 * place of the number of tests (Hommel and Krummenauer 1998): at each step
 * the smallest remaining p-value is rejected when it is below
 * `level / K`, K counting only the remaining tests whose margins can reach
 * that level. It holds the family-wise error rate at `level`
 * whatever the dependence between the tests: rejecting any one is an error of at most
 * `level`.
 * @example holmTarone([{ direction: 'worse', p: 0.004, minP: 0.004 }], 0.05).rejected // [true]
 */
export function holmTarone(hypotheses: readonly Hypothesis[], level: number): FamilyDecision {
  return holmTaroneBy(
    hypotheses.map((h) => ({
      p: h.p,
      rejects: (l) => isSignificant(h.p, l),
      reachable: (l) => isSignificant(h.minP, l),
    })),
    level,
  )
}
