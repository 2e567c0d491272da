import type { CaseRun } from '../core/case-run.ts'
import { actorView } from '../core/conversation.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import { endSentence } from '../core/sentence.ts'
import type { ExpectationDocument } from '../schema/scenario-document.ts'
import { type EvaluateOptions, evaluatorOf, expectationTypes } from './registry.ts'
import { makeResult, unfinishedResult } from './result.ts'
import { evaluateOverTurns, windowOf } from './turns.ts'

export type { EvaluateOptions }

/**
 * Evaluates one expectation on one case: the function YAML scenarios,
 * matchers and the reporter share. Never throws for a bad run or a failing
 * collaborator: anything that cannot be evaluated is an `ERROR` result.
 * @example
 * const result = await evaluateExpectation({ id: 'one-refund', type: 'state',
 *   path: 'orders.ORD-1001.refund_count', equals: 1, critical: true }, run)
 * result.label // 'PASS' | 'FAIL' | 'ERROR' | ...
 */
export async function evaluateExpectation(
  expectation: ExpectationDocument,
  run: CaseRun,
  options: EvaluateOptions = {},
): Promise<ExpectationResult> {
  const window = windowOf(expectation, run)
  if (window) {
    return evaluateOverTurns(expectation, run, window, (whole, view) =>
      evaluateExpectation(whole, view, options),
    )
  }
  if (expectation.actor !== undefined) {
    const { actor, ...rest } = expectation
    // The calls of one actor: the state is the case's, the records that actor's.
    return evaluateExpectation(rest as ExpectationDocument, actorView(run, actor), options)
  }
  const unfinished = unfinishedResult(expectation, run)
  if (unfinished) return unfinished
  try {
    return await dispatch(expectation, run, options)
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return makeResult(
      expectation,
      'ERROR',
      `Cannot evaluate: evaluating ${expectation.type} "${expectation.id}" threw ${endSentence(reason)} Unknown is never a pass.`,
      { threw: reason },
    )
  }
}

/**
 * Evaluates a list of expectations in order (one at a time, so judge calls
 * and their messages stay in a stable order).
 * @example
 * const results = await evaluateExpectations(scenario.expectations, run, { judge })
 */
export async function evaluateExpectations(
  expectations: readonly ExpectationDocument[],
  run: CaseRun,
  options: EvaluateOptions = {},
): Promise<ExpectationResult[]> {
  const results: ExpectationResult[] = []
  for (const expectation of expectations) {
    results.push(await evaluateExpectation(expectation, run, options))
  }
  return results
}

async function dispatch(
  expectation: ExpectationDocument,
  run: CaseRun,
  options: EvaluateOptions,
): Promise<ExpectationResult> {
  const evaluator = evaluatorOf(expectation.type)
  if (!evaluator) return unknownType(expectation as never)
  return evaluator(expectation, run, options)
}

function unknownType(expectation: never): ExpectationResult {
  const { id, type } = expectation as { id: string; type: string }
  return {
    id: String(id),
    type: type as ExpectationResult['type'],
    critical: Boolean((expectation as { critical?: boolean }).critical),
    label: 'ERROR',
    message: `Cannot evaluate: "${type}" is not an expectation type. Use one of ${expectationTypes().join(', ')}.`,
    evidence: { type: String(type) },
  }
}
