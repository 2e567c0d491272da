import { describe, expect, test } from 'vitest'
import { firstCrossing, type LookCounts } from '../../../src/compare/trials/group-sequential.ts'
import { fisherOneSided, isSignificant } from '../../../src/compare/trials/stats.ts'
import { seededRandom, simulatedLabels } from './support/seeded.ts'
import { simulate, wilsonLow } from './support/sequential-sim.ts'

const alpha = 0.05

const binomial = (n: number, x: number, p: number) => {
  let comb = 1
  for (let i = 1; i <= x; i++) comb = (comb * (n - x + i)) / i
  return comb * p ** x * (1 - p) ** (n - x)
}

/** Every outcome of `looks` looks of `n` trials a side, with its chance when both sides fail at rate `p`. */
function* outcomes(looks: number, n: number, p: number): Generator<[LookCounts[], number]> {
  if (looks === 0) {
    yield [[], 1]
    return
  }
  for (const [rest, chance] of outcomes(looks - 1, n, p))
    for (let w = 0; w <= n; w++)
      for (let b = 0; b <= n; b++)
        yield [
          [...rest, { worse: { failures: w, trials: n }, better: { failures: b, trials: n } }],
          chance * binomial(n, w, p) * binomial(n, b, p),
        ]
}

describe('exact group-sequential boundaries', () => {
  test('with one look they are the one-sided Fisher test itself', () => {
    const random = seededRandom(5)
    for (let i = 0; i < 300; i++) {
      const n = 1 + Math.floor(random() * 30)
      const m = 1 + Math.floor(random() * 30)
      const worse = { failures: Math.floor(random() * (n + 1)), trials: n }
      const better = { failures: Math.floor(random() * (m + 1)), trials: m }
      const level = [0.05, 0.025, 0.01, 0.0125][i % 4]!
      expect(firstCrossing([{ worse, better }], [1], level) >= 0).toBe(
        isSignificant(fisherOneSided(better, worse), level),
      )
    }
  })

  test.each([0.1, 0.3, 0.5, 0.8])(
    'the chance of any crossing over three looks is at most the level when both sides fail at %s',
    (p) => {
      // Enumerated exactly: 3 looks of 4 trials a side (5^6 outcomes), at the whole level and a Holm share.
      for (const level of [alpha, alpha / 3]) {
        let crossing = 0
        for (const [looks, chance] of outcomes(3, 4, p))
          if (firstCrossing(looks, [1 / 3, 2 / 3, 1], level) >= 0) crossing += chance
        expect(crossing).toBeLessThanOrEqual(level)
        expect(crossing).toBeGreaterThan(0)
      }
    },
  )

  test('a look spends at most what the spending function allows by then', () => {
    // Stopping after the second of four looks: the chance of a crossing so far is within alpha(1/2) = 0.0056.
    let crossing = 0
    for (const [looks, chance] of outcomes(2, 5, 0.4))
      if (firstCrossing(looks, [0.25, 0.5], alpha) >= 0) crossing += chance
    expect(crossing).toBeLessThanOrEqual(0.00557)
  })

  test('a crossing at an early look needs an overwhelming difference (almost no alpha spent early)', () => {
    const look = (w: number, b: number): LookCounts => ({
      worse: { failures: w, trials: 5 },
      better: { failures: b, trials: 5 },
    })
    expect(firstCrossing([look(5, 0)], [0.25], alpha)).toBe(-1)
    expect(firstCrossing([look(5, 0), look(5, 0)], [0.25, 0.5], alpha)).toBe(1)
    expect(firstCrossing([look(0, 0), look(0, 0)], [0.25, 0.5], alpha)).toBe(-1)
  })
})

// Seeded simulations of whole cases, each judged on all 20 trials a side and
// with 4 looks of 5. Null cases: any change found is a false alarm.
const plan = { maxK: 20, looks: 4 }

describe('sequential trials against a fixed k (seeded simulation)', () => {
  test.each([
    { name: 'one expectation at 0.7', rates: { baseline: [0.7], candidate: [0.7] }, n: 2000 },
    {
      name: 'three independent expectations at 0.5',
      rates: { baseline: [0.5, 0.5, 0.5], candidate: [0.5, 0.5, 0.5] },
      n: 1000,
    },
  ])(
    'null cases ($name): the false-alarm rate is within alpha',
    ({ rates, n }) => {
      const result = simulate(11, n, rates, plan, alpha)
      // Not significantly above alpha: the Wilson 95 % interval of the rate reaches below it.
      expect(wilsonLow(result.sequentialChanges, n)).toBeLessThan(alpha)
      expect(result.sequentialChanges / n).toBeLessThanOrEqual(alpha)
      expect(result.opposite).toBe(0)
    },
    300_000,
  )

  test('real changes: the fixed-k classification on at least 95 % of the cases it finds, with fewer trials', () => {
    const suites = [
      { baseline: [0.9], candidate: [0.3] },
      { baseline: [0.9], candidate: [0.5] },
      { baseline: [0.4, 1], candidate: [0.9, 1] },
      { baseline: [0.8, 0.6], candidate: [0.3, 0.6] },
    ].map((rates, i) => simulate(20 + i, 300, rates, plan, alpha))
    const total = (key: keyof (typeof suites)[number]) =>
      suites.reduce((sum, item) => sum + item[key], 0)
    expect(total('fixedChanges')).toBeGreaterThan(900)
    expect(total('sameOnFixedChanges') / total('fixedChanges')).toBeGreaterThanOrEqual(0.95)
    expect(total('opposite')).toBe(0)
    expect(total('sequentialTrials')).toBeLessThan(0.85 * total('fixedTrials'))
  }, 300_000)
})

test('the seeded labels are the same on every run (the figures above are reproducible)', () => {
  const a = simulatedLabels(seededRandom(3), 4, { baseline: [0.5], candidate: [0.5] })
  const b = simulatedLabels(seededRandom(3), 4, { baseline: [0.5], candidate: [0.5] })
  expect(a).toEqual(b)
})
