import { describe, expect, test } from 'vitest'
import { obrienFlemingSpent } from '../../../src/compare/trials/group-sequential.ts'
import { fisherPower, trialsNeeded } from '../../../src/compare/trials/power.ts'
import { lookLevels, lookSizes } from '../../../src/compare/trials/sequential.ts'
import { fisherOneSided, isSignificant } from '../../../src/compare/trials/stats.ts'

const binomial = (k: number, x: number, p: number) => {
  let comb = 1
  for (let i = 1; i <= x; i++) comb = (comb * (k - x + i)) / i
  return comb * p ** x * (1 - p) ** (k - x)
}

/** Power by brute force: every pair of outcomes, each tested with fisherOneSided itself. */
function brutePower(better: number, worse: number, k: number, level: number): number {
  let total = 0
  for (let a = 0; a <= k; a++)
    for (let b = 0; b <= k; b++) {
      const p = fisherOneSided({ failures: a, trials: k }, { failures: b, trials: k })
      if (isSignificant(p, level)) total += binomial(k, a, better) * binomial(k, b, worse)
    }
  return total
}

describe('the exact power of the one-sided Fisher test', () => {
  test.each([
    [0.1, 0.3, 10, 0.05],
    [0.1, 0.7, 5, 0.05],
    [0.3, 0.3, 12, 0.05],
    [0, 0.4, 20, 0.025],
    [0.5, 0.9, 30, 0.01],
  ])('better %f, worse %f, k=%i, level %f agrees with enumeration', (p, q, k, level) => {
    expect(fisherPower(p, q, k, level)).toBeCloseTo(brutePower(p, q, k, level), 12)
  })
})

describe('trials needed: the k that gives the stated power, exactly', () => {
  test('0.9 → 0.7 needs the k whose exact power reaches 80 % while k - 1 does not', () => {
    const k = trialsNeeded({ failures: 1, trials: 10 }, { failures: 3, trials: 10 }, 0.05)!
    expect(fisherPower(0.1, 0.3, k, 0.05)).toBeGreaterThanOrEqual(0.8)
    expect(fisherPower(0.1, 0.3, k - 1, 0.05)).toBeLessThan(0.8)
    // Far more than the k at which the observed rates would just reach p < alpha (the old threshold).
    expect(k).toBeGreaterThan(50)
  })

  test('a family of tests plans at alpha / tests, and a higher power needs more trials', () => {
    const better = { failures: 1, trials: 5 }
    const worse = { failures: 4, trials: 5 }
    const one = trialsNeeded(better, worse, 0.05)!
    const two = trialsNeeded(better, worse, 0.05, { tests: 2 })!
    const high = trialsNeeded(better, worse, 0.05, { tests: 2, power: 0.95 })!
    expect(one).toBeLessThanOrEqual(two)
    expect(two).toBeLessThan(high)
    expect(fisherPower(0.2, 0.8, two, 0.025)).toBeGreaterThanOrEqual(0.8)
    expect(fisherPower(0.2, 0.8, high, 0.025)).toBeGreaterThanOrEqual(0.95)
  })

  test('equal or reversed rates need no plan; an undetectable change says so', () => {
    expect(trialsNeeded({ failures: 2, trials: 5 }, { failures: 2, trials: 5 }, 0.05)).toBe(
      undefined,
    )
    expect(trialsNeeded({ failures: 3, trials: 5 }, { failures: 1, trials: 5 }, 0.05)).toBe(
      undefined,
    )
    expect(
      trialsNeeded({ failures: 500, trials: 1000 }, { failures: 501, trials: 1000 }, 0.05),
    ).toBe(undefined)
  })
})

describe("O'Brien-Fleming-type alpha spending", () => {
  test('matches the published Lan-DeMets cumulative alpha (two-sided 0.05)', () => {
    // Jennison and Turnbull (2000), table 7.6: 0.00009, 0.00557, 0.02396 at t = 1/4, 1/2, 3/4
    expect(obrienFlemingSpent(0.25, 0.05)).toBeCloseTo(0.0000889, 6)
    expect(obrienFlemingSpent(0.5, 0.05)).toBeCloseTo(0.00557, 4)
    expect(obrienFlemingSpent(0.75, 0.05)).toBeCloseTo(0.0236, 3)
    expect(obrienFlemingSpent(1, 0.05)).toBe(0.05)
  })

  test('the levels of the looks add up to alpha', () => {
    const sizes = lookSizes({ maxK: 20, looks: 4 })
    expect(sizes).toEqual([5, 10, 15, 20])
    const levels = lookLevels(sizes, 0.05)
    expect(levels.reduce((a, b) => a + b, 0)).toBeCloseTo(0.05, 12)
    expect(levels.every((level, i) => i === 0 || level > levels[i - 1]!)).toBe(true)
    expect(lookSizes({ maxK: 3, looks: 5 })).toEqual([1, 2, 3])
  })
})
