import { describe, expect, test } from 'vitest'
import {
  fisherOneSided,
  passAtK,
  passHatK,
  wilsonInterval,
} from '../../../src/compare/trials/stats.ts'
import {
  comparePairTrials,
  firstCrossing,
  fisherPower,
  holmTarone,
  obrienFlemingSpent,
  fisherOneSided as rootFisher,
  passAtK as rootPassAtK,
  passHatK as rootPassHatK,
  wilsonInterval as rootWilson,
  sideTrialSeed,
  trialSeed,
  trialsNeeded,
} from '../../../src/public/index.ts'

/** Every k-subset of the indexes 0..n-1. */
function* subsets(n: number, k: number, start = 0, chosen: number[] = []): Generator<number[]> {
  if (chosen.length === k) {
    yield chosen
    return
  }
  for (let i = start; i < n; i++) yield* subsets(n, k, i + 1, [...chosen, i])
}

/** Trials 0..c-1 passed, the rest failed. */
const outcomes = (n: number, c: number) => Array.from({ length: n }, (_, i) => i < c)

describe('pass^k and pass@k, by enumerating every k-subset of the trials', () => {
  for (const [n, c] of [
    [5, 3],
    [8, 8],
    [8, 0],
    [7, 4],
    [10, 9],
  ] as const) {
    test(`${c} of ${n} trials passed`, () => {
      const passed = outcomes(n, c)
      for (let k = 1; k <= n; k++) {
        const all = [...subsets(n, k)]
        const everyPass = all.filter((s) => s.every((i) => passed[i])).length / all.length
        const somePass = all.filter((s) => s.some((i) => passed[i])).length / all.length
        expect(passHatK(n, c, k)).toBeCloseTo(everyPass, 12)
        expect(passAtK(n, c, k)).toBeCloseTo(somePass, 12)
      }
    })
  }

  test('pass^1 and pass@1 are the pass rate; out-of-range counts are refused', () => {
    expect(passHatK(5, 3, 1)).toBeCloseTo(0.6, 12)
    expect(passAtK(5, 3, 1)).toBeCloseTo(0.6, 12)
    expect(() => passHatK(5, 6, 1)).toThrow(RangeError)
    expect(() => passHatK(5, 3, 6)).toThrow(RangeError)
  })
})

describe('the Wilson interval', () => {
  // Published 95 % Wilson score intervals (Newcombe 1998, table I; Brown, Cai & DasGupta 2001).
  test.each([
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
  ])('%i of %i', (c, n, low, high) => {
    const interval = wilsonInterval(c, n)
    expect(interval.low).toBeCloseTo(low, 4)
    expect(interval.high).toBeCloseTo(high, 4)
  })
})

/**
 * The one-sided p-value by brute force: of all ways to split the N runs into
 * a candidate group of n2, the share whose candidate group holds at least as
 * many failures as observed.
 */
function bruteFisher(a: number, n1: number, b: number, n2: number): number {
  const failed = outcomes(n1 + n2, a + b) // the first a+b runs failed
  let extreme = 0
  let total = 0
  for (const group of subsets(n1 + n2, n2)) {
    total++
    if (group.filter((i) => failed[i]).length >= b) extreme++
  }
  return extreme / total
}

/** The same tail in exact integer arithmetic (hypergeometric terms with BigInt binomials). */
function exactFisher(a: number, n1: number, b: number, n2: number): number {
  const comb = (n: number, k: number): bigint => {
    let value = 1n
    for (let i = 1; i <= k; i++) value = (value * BigInt(n - k + i)) / BigInt(i)
    return value
  }
  const failures = a + b
  let tail = 0n
  for (let x = b; x <= Math.min(failures, n2); x++) {
    tail += comb(failures, x) * comb(n1 + n2 - failures, n2 - x)
  }
  return Number((tail * 10n ** 15n) / comb(n1 + n2, n2)) / 1e15
}

describe('the one-sided Fisher exact test', () => {
  test('known values: 0/5 vs 5/5 is 1/252; the lady tasting tea, 3 of 4 right, is 17/70', () => {
    expect(fisherOneSided({ failures: 0, trials: 5 }, { failures: 5, trials: 5 })).toBeCloseTo(
      1 / 252,
      12,
    )
    expect(fisherOneSided({ failures: 1, trials: 4 }, { failures: 3, trials: 4 })).toBeCloseTo(
      17 / 70,
      12,
    )
    expect(fisherOneSided({ failures: 2, trials: 5 }, { failures: 2, trials: 5 })).toBeGreaterThan(
      0.5,
    )
  })

  test('agrees with enumeration of every split for all tables up to 6 trials a side', () => {
    for (let n1 = 1; n1 <= 6; n1++)
      for (let n2 = 1; n2 <= 6; n2++)
        for (let a = 0; a <= n1; a++)
          for (let b = 0; b <= n2; b++) {
            const p = fisherOneSided({ failures: a, trials: n1 }, { failures: b, trials: n2 })
            expect(p).toBeCloseTo(bruteFisher(a, n1, b, n2), 10)
          }
  })

  test('stays exact for large tables (200 trials a side)', () => {
    const p = fisherOneSided({ failures: 20, trials: 200 }, { failures: 35, trials: 200 })
    expect(p).toBeCloseTo(exactFisher(20, 200, 35, 200), 10)
  })
})

test('the package root exports the statistics the README names', () => {
  for (const fn of [
    comparePairTrials,
    rootPassHatK,
    rootPassAtK,
    rootWilson,
    rootFisher,
    trialsNeeded,
    fisherPower,
    holmTarone,
    obrienFlemingSpent,
    firstCrossing,
    trialSeed,
    sideTrialSeed,
  ])
    expect(typeof fn).toBe('function')
  expect(rootPassAtK(5, 3, 2)).toBeCloseTo(0.9, 12)
  expect(rootPassHatK).toBe(passHatK)
})
