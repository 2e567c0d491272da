import type { ExpectationResult, ExpectationType, ResultLabel } from '../core/expectation-result.ts'
import { effectiveLabel } from '../judge/review.ts'

/** The verdict of one case in a pair, from its expectations alone. */
export type CaseClass =
  | 'NEW_CRITICAL_FAILURE'
  | 'REGRESSED'
  | 'INCOMPLETE'
  | 'IMPROVED'
  | 'UNCHANGED'

/** All five classes, worst first. */
export const CASE_CLASSES: readonly CaseClass[] = [
  'NEW_CRITICAL_FAILURE',
  'REGRESSED',
  'INCOMPLETE',
  'IMPROVED',
  'UNCHANGED',
]

/**
 * How one expectation moved from baseline to candidate (effective labels):
 * over several trials, `regressed` and `improved` only when the change of the
 * failure rate is significant, `not-significant` when it changed but is not;
 * `regressed` PASS to a failure; `improved` a failure to PASS; `unknown` an
 * ERROR or a missing result on either side where the other is not the same
 * failure (a FAIL that turns into ERROR is not a pass); `still-failing`;
 * `still-passing`.
 */
export type ExpectationChangeKind =
  | 'regressed'
  | 'improved'
  | 'unknown'
  | 'still-failing'
  | 'still-passing'
  | 'not-significant'

export interface ExpectationChange {
  id: string
  type: ExpectationType
  critical: boolean
  /** Effective label on each side; absent when that side has no result for the id. */
  baseline?: ResultLabel
  candidate?: ResultLabel
  change: ExpectationChangeKind
}

/** One side of a case as classification sees it. */
export interface ClassifiedSide {
  finished: boolean
  results: readonly ExpectationResult[]
}

export interface Classification {
  classification: CaseClass
  /** One plain sentence saying why. */
  reason: string
  /** Every expectation, in the baseline's order, then those only the candidate has. */
  changes: ExpectationChange[]
}

const isFailure = (label: ResultLabel | undefined): boolean =>
  label !== undefined && label !== 'PASS' && label !== 'ERROR'

function changeOf(baseline?: ResultLabel, candidate?: ResultLabel): ExpectationChangeKind {
  if (baseline === 'PASS' && candidate === 'PASS') return 'still-passing'
  if (baseline === 'PASS' && isFailure(candidate)) return 'regressed'
  if (isFailure(baseline) && candidate === 'PASS') return 'improved'
  if (isFailure(baseline) && isFailure(candidate)) return 'still-failing'
  return 'unknown'
}

function labelsById(results: readonly ExpectationResult[]): Map<string, ExpectationResult> {
  return new Map(results.map((result) => [result.id, result]))
}

/** Every expectation of the case with its effective label on each side and how it moved. */
export function expectationChanges(
  baseline: readonly ExpectationResult[],
  candidate: readonly ExpectationResult[],
): ExpectationChange[] {
  const left = labelsById(baseline)
  const right = labelsById(candidate)
  const ids = [...new Set([...left.keys(), ...right.keys()])]
  return ids.map((id) => {
    const a = left.get(id)
    const b = right.get(id)
    const any = (a ?? b)!
    const change: ExpectationChange = {
      id,
      type: any.type,
      critical: Boolean(a?.critical || b?.critical),
      change: 'unknown',
    }
    if (a) change.baseline = effectiveLabel(a, baseline)
    if (b) change.candidate = effectiveLabel(b, candidate)
    change.change = changeOf(change.baseline, change.candidate)
    return change
  })
}

function describe(change: ExpectationChange): string {
  const critical = change.critical ? 'critical ' : ''
  const side = (label?: ResultLabel) => label ?? 'missing'
  return `${critical}expectation ${change.id} is ${side(change.baseline)} on the baseline and ${side(change.candidate)} on the candidate`
}

/**
 * Classifies a case from its expectations alone (metrics never change it):
 * - `INCOMPLETE` when a side did not finish;
 * - `NEW_CRITICAL_FAILURE` when a critical expectation regressed;
 * - `REGRESSED` when any other expectation regressed;
 * - `INCOMPLETE` when an expectation is `unknown` (ERROR or missing) and nothing regressed;
 * - `IMPROVED` when something improved and nothing got worse;
 * - `UNCHANGED` otherwise.
 * @example
 * classifyCase({ baseline: { finished: true, results: b }, candidate: { finished: true, results: c } }).classification
 * // 'NEW_CRITICAL_FAILURE'
 */
export function classifyCase(input: {
  baseline: ClassifiedSide
  candidate: ClassifiedSide
}): Classification {
  const changes = expectationChanges(input.baseline.results, input.candidate.results)
  const unfinished = (['baseline', 'candidate'] as const).filter((side) => !input[side].finished)
  if (unfinished.length > 0) {
    const reason =
      unfinished.length === 2 ? 'neither side finished' : `the ${unfinished[0]} did not finish`
    return { classification: 'INCOMPLETE', reason, changes }
  }
  const first = (kind: ExpectationChangeKind, critical?: boolean) =>
    changes.find((c) => c.change === kind && (critical === undefined || c.critical === critical))
  const critical = first('regressed', true)
  if (critical)
    return { classification: 'NEW_CRITICAL_FAILURE', reason: describe(critical), changes }
  const regressed = first('regressed')
  if (regressed) return { classification: 'REGRESSED', reason: describe(regressed), changes }
  const unknown = first('unknown')
  if (unknown) return { classification: 'INCOMPLETE', reason: describe(unknown), changes }
  const improved = first('improved')
  if (improved) return { classification: 'IMPROVED', reason: describe(improved), changes }
  return { classification: 'UNCHANGED', reason: 'no expectation changed', changes }
}
