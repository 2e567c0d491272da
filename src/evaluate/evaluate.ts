import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type {
  ContractExpectation,
  ExpectationDocument,
  JudgeExpectation,
} from '../schema/scenario-document.ts'
import { evaluateCallOrder } from './call-order.ts'
import { evaluateCalledTool } from './called-tool.ts'
import { evaluateHandoff } from './handoff.ts'
import { evaluateMaxRetries } from './max-retries.ts'
import { evaluateNoCollateralChanges } from './no-collateral-changes.ts'
import { evaluateNoDuplicateSideEffect } from './no-duplicate-side-effect.ts'
import { evaluateNotCalledTool } from './not-called-tool.ts'
import { evaluateOutcomeVerified } from './outcome-verified.ts'
import { type ExpectationHeader, makeResult, unfinishedResult } from './result.ts'
import { evaluateState } from './state.ts'
import { evaluateTraceMatchesRecords } from './trace-matches-records.ts'
import { evaluateTrajectory } from './trajectory.ts'

/** Evaluators that live in other modules (`src/judge`, `src/contract`), handed in by the caller. */
export interface EvaluateOptions {
  judge?: (expectation: JudgeExpectation, run: CaseRun) => Promise<ExpectationResult>
  contract?: (expectation: ContractExpectation, run: CaseRun) => Promise<ExpectationResult>
}

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
  const unfinished = unfinishedResult(expectation, run)
  if (unfinished) return unfinished
  try {
    return await dispatch(expectation, run, options)
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return makeResult(
      expectation,
      'ERROR',
      `Cannot evaluate: evaluating ${expectation.type} "${expectation.id}" threw ${reason}. Unknown is never a pass.`,
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
  switch (expectation.type) {
    case 'state':
      return evaluateState(expectation, run)
    case 'noDuplicateSideEffect':
      return evaluateNoDuplicateSideEffect(expectation, run)
    case 'outcomeVerified':
      return evaluateOutcomeVerified(expectation, run)
    case 'callOrder':
      return evaluateCallOrder(expectation, run)
    case 'calledTool':
      return evaluateCalledTool(expectation, run)
    case 'notCalledTool':
      return evaluateNotCalledTool(expectation, run)
    case 'trajectory':
      return evaluateTrajectory(expectation, run)
    case 'handoff':
      return evaluateHandoff(expectation, run)
    case 'maxRetries':
      return evaluateMaxRetries(expectation, run)
    case 'noCollateralChanges':
      return evaluateNoCollateralChanges(expectation, run)
    case 'traceMatchesRecords':
      return evaluateTraceMatchesRecords(expectation, run)
    case 'judge':
      if (!options.judge) {
        return notConfigured(
          expectation,
          'judge',
          'configure a judge provider in the AgentTwin Vitest plugin options, or pass `judge` in EvaluateOptions',
        )
      }
      return options.judge(expectation, run)
    case 'contract':
      if (!options.contract) {
        return notConfigured(
          expectation,
          'contract',
          'pass `contract` in EvaluateOptions (the scenario runner does this when it loads contract.v1 documents)',
        )
      }
      return options.contract(expectation, run)
    default:
      return unknownType(expectation)
  }
}

function notConfigured(
  expectation: ExpectationHeader,
  what: string,
  fix: string,
): ExpectationResult {
  return makeResult(
    expectation,
    'ERROR',
    `Cannot evaluate: no ${what} evaluator is configured for ${expectation.type} "${expectation.id}". Fix: ${fix}.`,
    { configured: false },
  )
}

function unknownType(expectation: never): ExpectationResult {
  const { id, type } = expectation as { id: string; type: string }
  return {
    id: String(id),
    type: type as ExpectationResult['type'],
    critical: Boolean((expectation as { critical?: boolean }).critical),
    label: 'ERROR',
    message: `Cannot evaluate: "${type}" is not an expectation type. Use one of state, noDuplicateSideEffect, outcomeVerified, callOrder, calledTool, notCalledTool, trajectory, handoff, maxRetries, noCollateralChanges, judge, contract, traceMatchesRecords.`,
    evidence: { type: String(type) },
  }
}
