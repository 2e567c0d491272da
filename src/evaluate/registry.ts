import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult, ExpectationType } from '../core/expectation-result.ts'
import type { DocumentOfType } from '../schema/expectations/index.ts'
import type { ContractExpectation, JudgeExpectation } from '../schema/scenario-document.ts'
import { evaluateAsksBeforeActing, evaluateConfirmedBeforeIrreversible } from './asks-then-acts.ts'
import { evaluateAttackerGoal } from './attacker-goal.ts'
import { evaluateCallOrder } from './call-order.ts'
import { evaluateCalledTool } from './called-tool.ts'
import { evaluateClaimLedger } from './claim-ledger.ts'
import { evaluateHandoff } from './handoff.ts'
import { evaluateMaxRetries } from './max-retries.ts'
import { evaluateNoCollateralChanges } from './no-collateral-changes.ts'
import { evaluateNoDuplicateSideEffect } from './no-duplicate-side-effect.ts'
import { evaluateNotCalledTool } from './not-called-tool.ts'
import { evaluateOutcomeVerified } from './outcome-verified.ts'
import { type ExpectationHeader, makeResult } from './result.ts'
import { evaluateState } from './state.ts'
import { evaluateTraceMatchesRecords } from './trace-matches-records.ts'
import { evaluateTrajectory } from './trajectory.ts'

/** Evaluators that live in other modules (`src/judge`, `src/contract`), handed in by the caller. */
export interface EvaluateOptions {
  judge?: (expectation: JudgeExpectation, run: CaseRun) => Promise<ExpectationResult>
  contract?: (expectation: ContractExpectation, run: CaseRun) => Promise<ExpectationResult>
}

/** The evaluator of one expectation type. */
export type Evaluator<Type extends ExpectationType> = (
  expectation: DocumentOfType<Type>,
  run: CaseRun,
  options: EvaluateOptions,
) => ExpectationResult | Promise<ExpectationResult>

/**
 * The evaluator of every expectation type, keyed by type: the one table the
 * YAML dispatch and the matchers read. The evaluator part of the expectation
 * registry (the declarations are in `src/schema/expectations/`, which says
 * how to add a type); typed over the core list of types, so a type without an
 * evaluator does not compile.
 */
const EVALUATORS: { readonly [Type in ExpectationType]: Evaluator<Type> } = {
  state: evaluateState,
  noDuplicateSideEffect: evaluateNoDuplicateSideEffect,
  outcomeVerified: evaluateOutcomeVerified,
  callOrder: evaluateCallOrder,
  calledTool: evaluateCalledTool,
  notCalledTool: evaluateNotCalledTool,
  trajectory: evaluateTrajectory,
  handoff: evaluateHandoff,
  maxRetries: evaluateMaxRetries,
  noCollateralChanges: evaluateNoCollateralChanges,
  traceMatchesRecords: evaluateTraceMatchesRecords,
  attackerGoal: evaluateAttackerGoal,
  claimLedger: evaluateClaimLedger,
  asksBeforeActing: evaluateAsksBeforeActing,
  confirmedBeforeIrreversible: evaluateConfirmedBeforeIrreversible,
  judge: (expectation, run, options) =>
    options.judge
      ? options.judge(expectation, run)
      : notConfigured(
          expectation,
          'judge',
          'configure a judge provider in the AgentTwin Vitest plugin options, or pass `judge` in EvaluateOptions',
        ),
  contract: (expectation, run, options) =>
    options.contract
      ? options.contract(expectation, run)
      : notConfigured(
          expectation,
          'contract',
          'pass `contract` in EvaluateOptions (the scenario runner does this when it loads contract.v1 documents)',
        ),
}

/**
 * The evaluator registered for a type, or undefined for a type nobody declared
 * (a document that skipped validation).
 * @example
 * evaluatorOf('state')?.(expectation, run, {})
 */
export function evaluatorOf(type: string): Evaluator<ExpectationType> | undefined {
  return Object.hasOwn(EVALUATORS, type)
    ? (EVALUATORS[type as ExpectationType] as Evaluator<ExpectationType>)
    : undefined
}

/** Every expectation type with an evaluator, in the registry's order: what an unknown type is told to use. */
export function expectationTypes(): readonly ExpectationType[] {
  return Object.keys(EVALUATORS) as ExpectationType[]
}

/**
 * The evaluator of a type known at compile time (what a matcher spells).
 * @example
 * evaluatorFor('calledTool')({ id: 'refund', type: 'calledTool', tool: 'refund_payment' }, run, {})
 */
export function evaluatorFor<Type extends ExpectationType>(type: Type): Evaluator<Type> {
  return EVALUATORS[type] as Evaluator<ExpectationType> as Evaluator<Type>
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
