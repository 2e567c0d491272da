import type { CaseRun } from '../core/case-run.ts'
import { AgentTwinError } from '../core/errors.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { NoCollateralChangesExpectation } from '../schema/scenario-document.ts'
import { parsePath } from '../twin/paths.ts'
import { changesTouching, isUnder, touchingEvidence } from './changes.ts'
import { formatCall, formatValue, joinWords, plural } from './format.ts'
import { makeResult, unfinishedResult } from './result.ts'
import { diffStates, type StateDifference } from './state-diff.ts'

const SHOWN = 5

/**
 * `noCollateralChanges`: every path where the final state differs from the
 * initial state lies under an allowed path. Each collateral change is cited
 * with its values and the call that made it.
 * @example
 * evaluateNoCollateralChanges({ id: 'only-the-order', type: 'noCollateralChanges', allow: ['orders.ORD-1001'] }, run)
 * // FAIL: 'customers.C-2.email changed from "a@x.test" to "b@x.test" (update_customer #3), outside the allowed paths orders.ORD-1001.'
 */
export function evaluateNoCollateralChanges(
  expectation: NoCollateralChangesExpectation,
  run: CaseRun,
): ExpectationResult {
  const unfinished = unfinishedResult(expectation, run)
  if (unfinished) return unfinished
  let allowed: string[][]
  try {
    allowed = expectation.allow.map(parsePath)
  } catch (error) {
    const reason = error instanceof AgentTwinError ? error.message : String(error)
    return makeResult(
      expectation,
      'ERROR',
      `Cannot evaluate: an allowed path is not valid: ${reason}`,
      {
        allow: expectation.allow,
      },
    )
  }
  const differences = diffStates(run.initialState, run.finalState)
  const collateral = differences.filter((d) => !allowed.some((allow) => isUnder(d.segments, allow)))
  const allowText =
    expectation.allow.length > 0
      ? `the allowed paths ${joinWords(expectation.allow)}`
      : 'any allowed path (none given)'
  const evidence = {
    allow: expectation.allow,
    changed: differences.map((d) => d.path),
    collateral: collateral.map((d) => ({
      path: d.path,
      before: d.before ?? null,
      after: d.after ?? null,
      existedBefore: d.before !== undefined,
      existsAfter: d.after !== undefined,
      changedBy: touchingEvidence(changesTouching(run.records, d.segments)),
    })),
  }
  if (collateral.length === 0) {
    const changed =
      differences.length === 0
        ? 'The state did not change'
        : `All ${plural(differences.length, 'changed path')} lie under ${allowText}`
    return makeResult(expectation, 'PASS', `${changed}.`, evidence)
  }
  const shown = collateral.slice(0, SHOWN).map((d) => describe(d, run))
  const more = collateral.length > SHOWN ? `; and ${collateral.length - SHOWN} more` : ''
  return makeResult(
    expectation,
    'FAIL',
    `${shown.join('; ')}${more}, outside ${allowText}.`,
    evidence,
  )
}

function describe(difference: StateDifference, run: CaseRun): string {
  const { path, before, after } = difference
  const what =
    before === undefined
      ? `${path} was added (${formatValue(after)})`
      : after === undefined
        ? `${path} was removed (was ${formatValue(before)})`
        : `${path} changed from ${formatValue(before)} to ${formatValue(after)}`
  const records = [
    ...new Map(
      changesTouching(run.records, difference.segments).map((t) => [t.record.seq, t.record]),
    ).values(),
  ]
  const by =
    records.length > 0 ? joinWords(records.map(formatCall)) : 'no recorded call shows this change'
  return `${what} (${by})`
}
