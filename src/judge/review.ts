/**
 * The review of a case's results, in one place: reviewers' overrides are
 * attached to the results they name, and the label that counts is decided
 * from them, never letting an override make a case pass whose deterministic
 * critical checks still fail.
 */
import type { ExpectationResult, ResultLabel } from '../core/expectation-result.ts'
import { OverrideConflictError } from './errors.ts'
import type { HumanOverride } from './override-file.ts'

/** Which case the results belong to. */
export interface OverrideTarget {
  scenario: string
  agentVersion: string
}

/**
 * Attaches human overrides to the results of one case. Each matching result gets
 * `override: { label, reviewer, note, originalLabel }` and keeps its own `label`
 * unchanged: the effective label is decided by `effectiveLabel` below, which never lets an override make a case pass whose
 * deterministic critical checks still fail. An override naming an agent version
 * beats one without; two equally specific overrides for one result throw
 * `OverrideConflictError`. Results without an override are returned as they are.
 * @example
 * const reviewed = applyOverrides(results, await loadOverrides('overrides.yaml'), {
 *   scenario: run.scenario.id,
 *   agentVersion: run.agent.version,
 * })
 */
export function applyOverrides(
  results: readonly ExpectationResult[],
  overrides: readonly HumanOverride[],
  target: OverrideTarget,
): ExpectationResult[] {
  const forCase = overrides.filter(
    (override) =>
      override.scenario === target.scenario &&
      (override.agent === undefined || override.agent === target.agentVersion),
  )
  return results.map((result) => {
    const override = pick(
      forCase.filter((candidate) => candidate.expectation === result.id),
      result,
      target,
    )
    if (!override) return result
    return {
      ...result,
      override: {
        label: override.label,
        reviewer: override.reviewer,
        note: override.note,
        originalLabel: result.label,
      },
    }
  })
}

function pick(
  candidates: HumanOverride[],
  result: ExpectationResult,
  target: OverrideTarget,
): HumanOverride | undefined {
  if (candidates.length === 0) return undefined
  const specific = candidates.filter((candidate) => candidate.agent !== undefined)
  const best = specific.length > 0 ? specific : candidates
  if (best.length > 1) {
    const where = best
      .map(({ source }) => `${source.file}:${source.line}:${source.column}`)
      .join(', ')
    throw new OverrideConflictError(
      `${best.length} overrides claim expectation "${result.id}" of scenario "${target.scenario}" for agent ${target.agentVersion} (${where}). Fix: keep one of them.`,
    )
  }
  return best[0]
}

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
