import type { MatcherResult, MatcherState } from 'vitest'
import type { CaseRun } from '../../../core/case-run.ts'
import type { ExpectationResult } from '../../../core/expectation-result.ts'
import type { JsonValue } from '../../../core/json.ts'

/** What a synchronous matcher returns to Vitest. */
export type SyncMatcherResult = Exclude<MatcherResult, PromiseLike<unknown>>

/** How a matcher says what it expects, as the rest of "Expected <case> ...". */
export interface Wording {
  /** `to have called refund_payment` */
  positive: string
  /** Default `not <positive>`. */
  negative?: string
}

/** What a matcher hands back to turn into Vitest's result. */
export interface Verdict {
  /** The evaluator's result for the expectation the matcher stands for. */
  result: ExpectationResult
  /**
   * The result of the expectation that says the opposite (`notCalledTool` for
   * `calledTool`, `handoff: false` for `handoff: true`), when the scenario
   * language has one: it decides under `.not`, and its message is the evidence.
   */
  opposite?: ExpectationResult
  wording: Wording
  /** What the run shows, for Vitest's diff. */
  actual: unknown
  /** What the matcher expected, for Vitest's diff. */
  expected: unknown
}

/**
 * Turns an evaluator's verdict into a matcher result. `PASS` passes and
 * everything else fails (under `.not`, the other way round), except `ERROR`:
 * a check that could not be made fails with and without `.not`, because
 * unknown is never a pass. The message is built only when Vitest asks for it,
 * framed as Vitest's own matchers frame theirs (`this.utils.matcherHint`, the
 * expected side in the expected colour, the evidence's label in the received one).
 */
export function matcherResult(
  state: Pick<MatcherState, 'isNot' | 'promise' | 'utils'>,
  matcher: string,
  run: CaseRun,
  verdict: Verdict,
): SyncMatcherResult {
  const { isNot, promise, utils } = state
  const deciding = isNot && verdict.opposite ? verdict.opposite : verdict.result
  const wanted = isNot
    ? (verdict.wording.negative ?? `not ${verdict.wording.positive}`)
    : verdict.wording.positive
  const head = () =>
    `${utils.matcherHint(matcher, 'run', '…', { isNot, promise })}\n\nExpected ${describeCase(run)} ${utils.EXPECTED_COLOR(wanted)}.`
  if (deciding.label === 'ERROR') {
    return {
      pass: isNot,
      message: () =>
        `${head()}\nEvidence (${utils.RECEIVED_COLOR('ERROR')}, never a pass, with or without .not): ${deciding.message}`,
    }
  }
  const pass = isNot && verdict.opposite ? deciding.label !== 'PASS' : deciding.label === 'PASS'
  return {
    pass,
    message: () =>
      `${head()}\nEvidence (${utils.RECEIVED_COLOR(deciding.label)}): ${deciding.message}`,
    actual: verdict.actual,
    expected: verdict.expected,
  }
}

/** `refund-timeout-after-mutation (support-refund-agent@1.3.0)`. */
export function describeCase(run: CaseRun): string {
  return `${run.scenario.id} (${run.agent.name}@${run.agent.version})`
}

/** The fields of a result's evidence (an empty object when the evidence is not one). */
export function evidenceOf(result: ExpectationResult): Record<string, JsonValue | undefined> {
  const { evidence } = result
  return typeof evidence === 'object' && evidence !== null && !Array.isArray(evidence)
    ? evidence
    : {}
}

/** The objects of a list in a result's evidence (empty when it is not a list). */
export function evidenceList(value: JsonValue | undefined): Record<string, JsonValue>[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (item): item is Record<string, JsonValue> =>
      typeof item === 'object' && item !== null && !Array.isArray(item),
  )
}
