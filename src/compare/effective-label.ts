import type { ExpectationResult, ResultLabel } from '../core/expectation-result.ts'

/** The label the evidence gave, before any reviewer changed it. */
export function originalLabel(result: ExpectationResult): ResultLabel {
  return result.override?.originalLabel ?? result.label
}

/** Judges are not deterministic; every other expectation type is. */
export function isDeterministic(result: Pick<ExpectationResult, 'type'>): boolean {
  return result.type !== 'judge'
}

/**
 * Whether a reviewer's override of `result` counts in this case. An override
 * to a non-passing label always counts (a reviewer may be stricter). An
 * override to `PASS` is refused while any deterministic critical expectation
 * of the case still fails by its own evidence (its original label), the
 * overridden result itself included: an override never makes a case pass
 * whose deterministic critical checks still fail.
 */
export function overrideApplies(
  result: ExpectationResult,
  caseResults: readonly ExpectationResult[],
): boolean {
  if (!result.override) return false
  if (result.override.label !== 'PASS') return true
  return ![result, ...caseResults].some(
    (other) => other.critical && isDeterministic(other) && originalLabel(other) !== 'PASS',
  )
}

/**
 * The label that counts for a result in its case: the override's label when
 * the override applies (see `overrideApplies`), else the original label.
 * The one place this rule lives; classification and reports use it.
 * @example
 * // the judge's FAIL, overridden to PASS, in a case whose critical state check fails
 * effectiveLabel(judgeResult, caseResults) // 'FAIL'
 */
export function effectiveLabel(
  result: ExpectationResult,
  caseResults: readonly ExpectationResult[],
): ResultLabel {
  return overrideApplies(result, caseResults) ? result.override!.label : originalLabel(result)
}
