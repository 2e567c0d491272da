import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult, ResultLabel } from '../core/expectation-result.ts'
import type { JsonValue } from '../core/json.ts'
import type { ExpectationDocument } from '../schema/scenario-document.ts'
import { joinWords } from './format.ts'

/** The part of an expectation every result repeats. */
export type ExpectationHeader = Pick<ExpectationDocument, 'id' | 'type' | 'critical'>

/** Builds a result; `critical` defaults to false. */
export function makeResult(
  expectation: ExpectationHeader,
  label: ResultLabel,
  message: string,
  evidence: JsonValue,
  verified?: boolean,
): ExpectationResult {
  const result: ExpectationResult = {
    id: expectation.id,
    type: expectation.type,
    critical: expectation.critical ?? false,
    label,
    message,
    evidence,
  }
  if (verified !== undefined) result.verified = verified
  return result
}

/**
 * `ERROR` when the case did not finish: its records and state are a fragment,
 * and a fragment proves nothing either way.
 */
export function unfinishedResult(
  expectation: ExpectationHeader,
  run: CaseRun,
): ExpectationResult | undefined {
  if (run.finished) return undefined
  const reason = run.error ? `${run.error.kind}: ${run.error.message}` : 'no reason recorded'
  return makeResult(
    expectation,
    'ERROR',
    `Cannot evaluate: the case did not finish (${reason}). Unknown is never a pass; fix the run so the agent answers, then evaluate again.`,
    { finished: false, error: run.error ? { ...run.error } : null, records: run.records.length },
    expectation.type === 'outcomeVerified' ? false : undefined,
  )
}

/**
 * `ERROR` when a named tool is not a tool of the twin: a misspelt name would
 * otherwise make "never called" checks pass for the wrong reason.
 */
export function unknownToolResult(
  expectation: ExpectationHeader,
  run: CaseRun,
  names: readonly string[],
): ExpectationResult | undefined {
  const known = new Set(run.tools.map((tool) => tool.name))
  const unknown = [...new Set(names)].filter((name) => !known.has(name))
  if (unknown.length === 0) return undefined
  const available = run.tools.length > 0 ? joinWords(run.tools.map((t) => t.name)) : 'none'
  const what =
    unknown.length === 1 ? `${unknown[0]} is not a tool` : `${joinWords(unknown)} are not tools`
  return makeResult(
    expectation,
    'ERROR',
    `Cannot evaluate: ${what} of twin ${run.twin.name} (its tools: ${available}). Fix the tool name in the expectation.`,
    { unknownTools: unknown, twinTools: run.tools.map((tool) => tool.name) },
  )
}

/**
 * Why an expectation cannot be evaluated on this run, if it cannot: the case
 * did not finish, or a tool it names is not the twin's ({@link unfinishedResult},
 * {@link unknownToolResult}). `undefined` when it can.
 */
export function notEvaluable(
  expectation: ExpectationHeader,
  run: CaseRun,
  tools: readonly string[] = [],
): ExpectationResult | undefined {
  return unfinishedResult(expectation, run) ?? unknownToolResult(expectation, run, tools)
}
