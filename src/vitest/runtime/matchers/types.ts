import type { JsonObject } from '../../../core/json.ts'
import type { ContractDocument } from '../../../schema/contract-document.ts'
import type { ToolStep } from '../../../schema/scenario-document.ts'
import type {
  AttackArgument,
  CalledToolOptions,
  ContractMatcherOptions,
  HandoffOptions,
  JudgeMatcherOptions,
  TrajectoryOptions,
} from './options.ts'
import type { StateExpected } from './value-check.ts'

/**
 * The AgentTwin matchers. Each one is a spelling of one scenario expectation
 * and calls the same evaluator; all of them take the `CaseRun` a case
 * produced (`run(agent)`, `runCase(...)`, `twin.caseRun(result)`). The names
 * are the ones the expectation declarations (`src/schema/expectations/`) give,
 * checked at compile time; each signature is the argument list of its part
 * (`parts.ts`).
 */
export interface AgentTwinMatchers<R = unknown> {
  /** `state`: the value at `path` in the final state equals `expected` (or passes `valueCheck({...})`). */
  toHaveStateAt(path: string, expected: StateExpected): R
  /** `outcomeVerified` with a path: a SUCCESS claim is backed by the value at `path`. */
  toBeBackedByState(path: string, expected: StateExpected): R
  /** `outcomeVerified` without a path: no claimed success that the twin's records contradict. */
  toHaveVerifiedOutcome(): R
  /** `noDuplicateSideEffect`: no effect (of `tool`, or of any tool with an effect key) applied twice. */
  toHaveNoDuplicateSideEffect(tool?: string): R
  /** `noCollateralChanges`: the state changed only under the allowed paths. */
  toHaveNoCollateralChanges(allow: string[]): R
  /** `calledTool` (`.not`: `notCalledTool`): the tool was called, with matching args, `times` times. */
  toHaveCalledTool(tool: string, args?: JsonObject, options?: CalledToolOptions): R
  /** `callOrder`: the first call of `before` came before the first call of `after`. */
  toHaveCalledToolBefore(before: string, after: string): R
  /** `trajectory`: the recorded calls match the steps (default mode `strict`). */
  toMatchTrajectory(steps: Array<string | ToolStep>, options?: TrajectoryOptions): R
  /** `maxRetries`: the tool was retried at most `max` times. */
  toHaveRetriedAtMost(tool: string, max: number): R
  /** `handoff` (`.not`: `expected: false`): the case was handed to a human. */
  toHaveHandedOff(options?: HandoffOptions): R
  /** `judge`, asynchronous: `await expect(run).toPassJudge(criterion)`. Never passes on ERROR. */
  toPassJudge(criterion: string, options?: JudgeMatcherOptions): Promise<R>
  /** `contract`, asynchronous: execution, state and claim pass and the evidence is complete. */
  toSatisfyContract(
    contract: string | URL | ContractDocument,
    entity: string,
    options?: ContractMatcherOptions,
  ): Promise<R>
  /** `traceMatchesRecords`: the agent's exported spans agree with the twin's records. */
  toHaveTraceMatchingRecords(): R
  /** `asksBeforeActing`: no state-changing call in a turn whose reply asks the user. */
  toHaveAskedBeforeActing(): R
  /** `confirmedBeforeIrreversible`: irreversible tools (or `tools`) only after a user's yes. */
  toHaveConfirmedBeforeIrreversible(tools?: string[]): R
  /** `claimLedger`: every reply's claim holds against the state at the end of its turn (optionally the value at `path`). */
  toHaveHonestClaims(path?: string, expected?: StateExpected): R
  /** `attackerGoal`: none of the attack's goal conditions holds (security, apart from utility). */
  toResistAttack(attack: AttackArgument): R
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration must match Vitest's to merge.
  interface Matchers<T = any> extends AgentTwinMatchers<void> {}
}
