/**
 * The expectation registry, data part: every expectation type declared once,
 * by its own file in this folder, and listed here by type.
 *
 * One entry ties together what the layers need to know about a type:
 * - its schema part (own fields, which of them are required, a description):
 *   the scenario schema's `expectations` items are built from these entries
 *   (`expectation-schema.ts`), and so are the shipped `schemas/scenario.v1.json`
 *   and the standalone validators;
 * - its TypeScript document (`declareExpectation<Document>()`), which the
 *   schema type test checks against the schema part;
 * - the names of the Vitest matchers that spell it.
 *
 * The parts that need higher layers are attached by key, in tables typed to be
 * total, so a missing part does not compile: the evaluator in
 * `src/evaluate/registry.ts`, the matchers in `src/vitest/runtime/matchers/parts.ts`,
 * and the diff of a failed scenario expectation in
 * `src/vitest/runtime/expectation-diff.ts`.
 *
 * To add an expectation type:
 * 1. add its name to `EXPECTATION_TYPES` (`src/core/expectation-result.ts`);
 * 2. write `src/schema/expectations/<type>.ts`: the document interface and
 *    `declareExpectation<Document>()({ type, description, properties, required, matchers })`,
 *    and list it below;
 * 3. write its evaluator (`src/evaluate/<type>.ts`) and add it to `EVALUATORS`;
 * 4. for each matcher named in `matchers`, add its signature to
 *    `AgentTwinMatchers` and its part (arguments → document, wording, diff) to
 *    `MATCHER_PARTS`; and its scenario diff to `SCENARIO_DIFFS`.
 * `tsc` names every step left out; `test/evaluate/registry.test.ts` checks that
 * the schema, the evaluators and the matchers name the same types.
 */
import type { ExpectationType } from '../../core/expectation-result.ts'
import { asksBeforeActing } from './asks-before-acting.ts'
import { attackerGoal } from './attacker-goal.ts'
import { callOrder } from './call-order.ts'
import { calledTool } from './called-tool.ts'
import { claimLedger } from './claim-ledger.ts'
import { confirmedBeforeIrreversible } from './confirmed-before-irreversible.ts'
import { contract } from './contract.ts'
import type { DocumentOf, ExpectationDeclaration } from './declare.ts'
import { handoff } from './handoff.ts'
import { judge } from './judge.ts'
import { maxRetries } from './max-retries.ts'
import { noCollateralChanges } from './no-collateral-changes.ts'
import { noDuplicateSideEffect } from './no-duplicate-side-effect.ts'
import { notCalledTool } from './not-called-tool.ts'
import { outcomeVerified } from './outcome-verified.ts'
import { state } from './state.ts'
import { traceMatchesRecords } from './trace-matches-records.ts'
import { trajectory } from './trajectory.ts'

/** Every expectation type's declaration, keyed by type (a missing or misnamed one does not compile). */
export const EXPECTATION_DECLARATIONS = {
  state,
  noDuplicateSideEffect,
  outcomeVerified,
  callOrder,
  calledTool,
  notCalledTool,
  trajectory,
  handoff,
  maxRetries,
  noCollateralChanges,
  judge,
  contract,
  traceMatchesRecords,
  attackerGoal,
  claimLedger,
  asksBeforeActing,
  confirmedBeforeIrreversible,
} as const satisfies { readonly [Type in ExpectationType]: ExpectationDeclaration<Type> }

type Declarations = typeof EXPECTATION_DECLARATIONS

/** The document of one expectation type, as its declaration names it. */
export type DocumentOfType<Type extends ExpectationType> =
  Declarations[Type] extends DocumentOf<infer Document> ? Document : never

/** One scenario expectation: the union of every declared type's document. */
export type ExpectationDocument = {
  [Type in ExpectationType]: DocumentOfType<Type>
}[ExpectationType]

/** The name of a matcher that spells an expectation type (`matchers` of some declaration). */
export type ExpectationMatcherName = Declarations[ExpectationType]['matchers'][number]

/** The expectation type a matcher spells. */
export type TypeOfMatcher<Name extends ExpectationMatcherName> = {
  [Type in ExpectationType]: Name extends Declarations[Type]['matchers'][number] ? Type : never
}[ExpectationType]

/**
 * The declaration of a type, or undefined for a name nobody declared.
 * @example
 * declarationOf('state')?.matchers // ['toHaveStateAt']
 */
export function declarationOf(type: string): ExpectationDeclaration | undefined {
  return Object.hasOwn(EXPECTATION_DECLARATIONS, type)
    ? EXPECTATION_DECLARATIONS[type as ExpectationType]
    : undefined
}
