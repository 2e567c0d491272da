import type { VerdictLabel } from './types.ts'

/** One labelled example: what the judge said and what the human said. */
export interface LabelPair {
  judge: VerdictLabel
  human: VerdictLabel
}

/** Share of pairs where judge and human agree; `null` for no pairs. */
export function agreement(pairs: readonly LabelPair[]): number | null {
  if (pairs.length === 0) return null
  return pairs.filter((pair) => pair.judge === pair.human).length / pairs.length
}

/**
 * Cohen's kappa for two raters and two labels: (pₒ − pₑ) / (1 − pₑ), where pₒ is
 * the observed agreement and pₑ the agreement expected by chance from each
 * rater's own share of `pass`.
 *
 * Returns `null` when kappa is undefined: no pairs, or pₑ = 1, which happens
 * exactly when both raters gave every example one and the same label. Then there
 * is no disagreement the judge could have avoided by chance or by skill, and the
 * examples cannot show whether the judge tells pass from fail; such a judge is
 * not calibrated (add examples of the other label).
 * @example
 * cohensKappa([{ judge: 'pass', human: 'pass' }, { judge: 'fail', human: 'fail' }]) // 1
 * cohensKappa([{ judge: 'pass', human: 'pass' }, { judge: 'pass', human: 'pass' }]) // null
 */
export function cohensKappa(pairs: readonly LabelPair[]): number | null {
  const n = pairs.length
  if (n === 0) return null
  const observed = agreement(pairs) ?? 0
  const judgePass = pairs.filter((pair) => pair.judge === 'pass').length / n
  const humanPass = pairs.filter((pair) => pair.human === 'pass').length / n
  const expected = judgePass * humanPass + (1 - judgePass) * (1 - humanPass)
  if (expected === 1) return null
  return (observed - expected) / (1 - expected)
}
