import type { ExpectationResult } from '../core/expectation-result.ts'
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
 * unchanged: the effective label is computed in one place, `effectiveLabel` in
 * the comparison module, which never lets an override make a case pass whose
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
