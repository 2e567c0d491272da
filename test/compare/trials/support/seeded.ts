import type { TrialLabels } from '../../../../src/compare/trials/rates.ts'
import type { ResultLabel } from '../../../../src/core/expectation-result.ts'

/** mulberry32: a small seeded PRNG, so every simulation draws the same numbers on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * The labels of one simulated case: expectation i passes with probability
 * `baseline[i]` on each baseline trial and `candidate[i]` on each candidate
 * trial, every draw independent.
 */
export function simulatedLabels(
  random: () => number,
  k: number,
  rates: { baseline: readonly number[]; candidate: readonly number[] },
): TrialLabels {
  const ids = rates.baseline.map((_, i) => `e${i + 1}`)
  const side = (pass: readonly number[]) =>
    Array.from(
      { length: k },
      () =>
        new Map<string, ResultLabel>(
          ids.map((id, i) => [id, random() < pass[i]! ? 'PASS' : 'FAIL']),
        ),
    )
  return {
    ids,
    critical: new Map(ids.map((id) => [id, false])),
    types: new Map(ids.map((id) => [id, 'state'])),
    baseline: side(rates.baseline),
    candidate: side(rates.candidate),
  }
}
