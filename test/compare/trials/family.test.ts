import { describe, expect, test } from 'vitest'
import { testExpectations } from '../../../src/compare/trials/rates.ts'
import { fisherOneSided, isSignificant } from '../../../src/compare/trials/stats.ts'
import { seededRandom, simulatedLabels } from './support/seeded.ts'

// Null cases: both sides pass every expectation at the same rate. A case is a
// false alarm when its one decision finds any change (REGRESSED,
// NEW_CRITICAL_FAILURE or IMPROVED). Held at alpha for the case, the rate over
// N cases must not exceed alpha by more than three standard errors.
const alpha = 0.05
const N = 2000
const allowed = alpha + 3 * Math.sqrt((alpha * (1 - alpha)) / N)

function alarmRate(
  seed: number,
  k: number,
  rates: { baseline: number[]; candidate: number[] },
): { decided: number; unadjusted: number } {
  const random = seededRandom(seed)
  let decided = 0
  let unadjusted = 0
  for (let i = 0; i < N; i++) {
    const labels = simulatedLabels(random, k, rates)
    const { rates: tested } = testExpectations(labels, alpha, { plan: false })
    if (tested.some((r) => r.significant)) decided++
    // The old reading: each expectation's own one-sided test in the direction it moved, at alpha.
    if (
      tested.some((r) => {
        const b = { failures: r.baseline.trials - r.baseline.passes, trials: r.baseline.trials }
        const c = { failures: r.candidate.trials - r.candidate.passes, trials: r.candidate.trials }
        return (
          isSignificant(fisherOneSided(b, c), alpha) || isSignificant(fisherOneSided(c, b), alpha)
        )
      })
    )
      unadjusted++
  }
  return { decided: decided / N, unadjusted: unadjusted / N }
}

describe('one decision per case holds alpha for the case', () => {
  test('three independent expectations passing half the time on both sides (k = 10)', () => {
    const rates = alarmRate(1, 10, { baseline: [0.5, 0.5, 0.5], candidate: [0.5, 0.5, 0.5] })
    expect(rates.decided).toBeLessThanOrEqual(allowed)
    // Testing each expectation on its own, in whichever direction it moved, does not.
    expect(rates.unadjusted).toBeGreaterThan(allowed)
  })

  test('three independent expectations at 0.7 against 0.7 (k = 10)', () => {
    const rates = alarmRate(2, 10, { baseline: [0.7, 0.7, 0.7], candidate: [0.7, 0.7, 0.7] })
    expect(rates.decided).toBeLessThanOrEqual(allowed)
    expect(rates.unadjusted).toBeGreaterThan(allowed)
  })

  test('one expectation at 0.7 against 0.7 (k = 20)', () => {
    expect(alarmRate(3, 20, { baseline: [0.7], candidate: [0.7] }).decided).toBeLessThanOrEqual(
      allowed,
    )
  })

  test('a real drop is still caught: 0.9 → 0.3 beside two unchanged expectations (k = 20)', () => {
    const random = seededRandom(4)
    let caught = 0
    let wrong = 0
    for (let i = 0; i < 500; i++) {
      const labels = simulatedLabels(random, 20, {
        baseline: [0.9, 0.5, 0.5],
        candidate: [0.3, 0.5, 0.5],
      })
      const tested = testExpectations(labels, alpha, { plan: false }).rates
      if (tested[0]!.significant && tested[0]!.direction === 'worse') caught++
      if (tested.slice(1).some((r) => r.significant)) wrong++
    }
    expect(caught / 500).toBeGreaterThan(0.9)
    expect(wrong / 500).toBeLessThanOrEqual(alpha)
  })

  test('expectations that never fail do not dilute the decision (Tarone)', () => {
    const random = seededRandom(5)
    const labels = simulatedLabels(random, 8, {
      baseline: [1, 1, 1, 1, 1],
      candidate: [0, 1, 1, 1, 1],
    })
    const tested = testExpectations(labels, alpha)
    expect(tested.family).toMatchObject({ hypotheses: 10, tests: 2 })
    expect(tested.rates[0]).toMatchObject({ direction: 'worse', significant: true })
  })
})
