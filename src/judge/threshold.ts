import type { JudgeVerdict } from './types.ts'

/** A `pass` verdict needs at least this score unless the expectation or the run says otherwise. */
export const DEFAULT_THRESHOLD = 0.7

/** The one rule for a verdict to count as a pass: label `pass` and score ≥ threshold. */
export function verdictPasses(verdict: JudgeVerdict, threshold: number): boolean {
  return verdict.label === 'pass' && verdict.score >= threshold
}

/** A threshold must be a number in [0, 1]; returns why not, or undefined. */
export function thresholdProblem(threshold: number): string | undefined {
  if (
    typeof threshold !== 'number' ||
    !Number.isFinite(threshold) ||
    threshold < 0 ||
    threshold > 1
  ) {
    return `threshold ${JSON.stringify(threshold)} is not a number from 0 to 1`
  }
  return undefined
}

/**
 * Two decimals, unless rounding would hide which side of the threshold the
 * score is on (0.699 must not print as 0.7 next to "below threshold 0.7").
 */
export function formatScore(score: number, threshold: number): string {
  for (let digits = 2; digits <= 6; digits++) {
    const shown = Number(score.toFixed(digits))
    if (score === threshold || shown >= threshold === score >= threshold) return String(shown)
  }
  return String(score)
}
