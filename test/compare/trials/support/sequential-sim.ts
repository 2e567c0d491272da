import { type ExpectationTests, testExpectations } from '../../../../src/compare/trials/rates.ts'
import type { SequentialPlan } from '../../../../src/compare/trials/sequential.ts'
import { stopLook } from '../../../../src/compare/trials/sequential-stop.ts'
import { seededRandom, simulatedLabels } from './seeded.ts'

/** Pass rates per expectation on each side. */
export interface Rates {
  baseline: readonly number[]
  candidate: readonly number[]
}

/** What a case over trials is classified as, from its one decision (no critical expectation here). */
function verdict(tests: ExpectationTests): 'REGRESSED' | 'IMPROVED' | 'UNCHANGED' {
  if (tests.rates.some((r) => r.significant && r.direction === 'worse')) return 'REGRESSED'
  if (tests.rates.some((r) => r.significant && r.direction === 'better')) return 'IMPROVED'
  return 'UNCHANGED'
}

/** The same simulated cases judged with a fixed k and with sequential trials. */
export interface Simulated {
  cases: number
  /** Cases the fixed-k decision classified as a change (a false alarm when the rates are equal). */
  fixedChanges: number
  /** Cases the sequential decision classified as a change. */
  sequentialChanges: number
  /** Of the cases fixed k found a change, those sequential trials classified the same. */
  sameOnFixedChanges: number
  /** Cases where the two gave opposite verdicts (REGRESSED against IMPROVED). */
  opposite: number
  /** Trials per side over all cases: fixed k, and those sequential trials used. */
  fixedTrials: number
  sequentialTrials: number
}

/**
 * Simulates `cases` cases with these rates, `plan.maxK` trials a side, each
 * judged on all of them at a fixed k and with sequential looks (stopping at
 * the look the plan says). Seeded: the same figures on every run.
 */
export function simulate(
  seed: number,
  cases: number,
  rates: Rates,
  plan: SequentialPlan,
  alpha: number,
): Simulated {
  const random = seededRandom(seed)
  const result: Simulated = {
    cases,
    fixedChanges: 0,
    sequentialChanges: 0,
    sameOnFixedChanges: 0,
    opposite: 0,
    fixedTrials: 0,
    sequentialTrials: 0,
  }
  for (let i = 0; i < cases; i++) {
    const labels = simulatedLabels(random, plan.maxK, rates)
    const fixed = verdict(testExpectations(labels, alpha, { plan: false }))
    const stop = stopLook(labels, plan, alpha)
    const used = stop.reached[stop.look]!
    const sofar = stop.reached.slice(0, stop.look + 1)
    const sequential = verdict(
      testExpectations(
        {
          ...labels,
          baseline: labels.baseline.slice(0, used),
          candidate: labels.candidate.slice(0, used),
        },
        alpha,
        { looks: { sizes: sofar, fractions: sofar.map((size) => size / plan.maxK) }, plan: false },
      ),
    )
    result.fixedTrials += plan.maxK
    result.sequentialTrials += used
    if (fixed !== 'UNCHANGED') result.fixedChanges++
    if (sequential !== 'UNCHANGED') result.sequentialChanges++
    if (fixed !== 'UNCHANGED' && sequential === fixed) result.sameOnFixedChanges++
    if (fixed !== 'UNCHANGED' && sequential !== 'UNCHANGED' && sequential !== fixed)
      result.opposite++
  }
  return result
}

/** The upper end of the exact (Clopper-Pearson) one-sided 95 % bound is costly; Wilson's is close enough for a check. */
export function wilsonLow(successes: number, n: number, z = 1.959963984540054): number {
  const p = successes / n
  const z2 = z * z
  const center = (p + z2 / (2 * n)) / (1 + z2 / n)
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))
  return Math.max(0, center - half)
}
