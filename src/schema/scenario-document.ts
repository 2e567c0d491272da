/**
 * The `scenario.v1` document, as TypeScript types; mirrors `scenario-schema.ts`.
 */
import type { ExpectationType } from '../core/expectation-result.ts'
import type { FaultRuleDocument } from '../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { TrialPlanDocument } from '../core/trial-plan.ts'
import type { ExpectationDocument } from './expectations/index.ts'
import type { SimulatedUserDocument, UserActionDocument } from './simulated-user-document.ts'

export type { ExpectationType, TrialPlanDocument }

export const SCENARIO_API_VERSION = 'agenttwin/scenario.v1'

export type { AsksBeforeActingExpectation } from './expectations/asks-before-acting.ts'
export type {
  AttackerGoalExpectation,
  AttackGoal,
  GoalCall,
  GoalCondition,
  GoalState,
} from './expectations/attacker-goal.ts'
export type { CallOrderExpectation } from './expectations/call-order.ts'
export type { CalledToolExpectation } from './expectations/called-tool.ts'
export type { ClaimLedgerExpectation } from './expectations/claim-ledger.ts'
export type { ConfirmedBeforeIrreversibleExpectation } from './expectations/confirmed-before-irreversible.ts'
export type { ContractExpectation } from './expectations/contract.ts'
export type { HandoffExpectation } from './expectations/handoff.ts'
export type { ExpectationDocument } from './expectations/index.ts'
export type { JudgeExpectation } from './expectations/judge.ts'
export type { MaxRetriesExpectation } from './expectations/max-retries.ts'
export type { NoCollateralChangesExpectation } from './expectations/no-collateral-changes.ts'
export type { NoDuplicateSideEffectExpectation } from './expectations/no-duplicate-side-effect.ts'
export type { NotCalledToolExpectation } from './expectations/not-called-tool.ts'
export type { OutcomeVerifiedExpectation } from './expectations/outcome-verified.ts'
export type { ArgsMatchMode, ToolStep, ValueCheck } from './expectations/parts.ts'
export type { StateExpectation } from './expectations/state.ts'
export type { TraceMatchesRecordsExpectation } from './expectations/trace-matches-records.ts'
export type { TrajectoryExpectation } from './expectations/trajectory.ts'
export type {
  SimulatedUserDocument,
  UserActionDocument,
  UserEndRule,
  UserModelDocument,
  UserRepliesDocument,
  UserReplyRule,
} from './simulated-user-document.ts'

/** The document union names exactly the expectation types of the core model (checked at compile time). */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
export const EXPECTATION_DOCUMENT_TYPES_MATCH: SameNames<
  ExpectationDocument['type'],
  ExpectationType
> = true

export interface ScenarioDocument {
  apiVersion: typeof SCENARIO_API_VERSION
  id: string
  version: string
  title: string
  description?: string
  tags?: string[]
  /** Path to the `twin.v1` document, relative to this file. */
  twin: string
  /** Handed to the agent as is (a one-turn case). A scenario gives `input` or `conversation`. */
  input?: JsonValue
  /** The user turns of a conversation, in order, instead of `input`. */
  conversation?: ConversationTurnDocument[]
  /** A simulated user: it writes the `simulated` turns, and the turns after the list up to its `maxTurns`. */
  user?: SimulatedUserDocument
  /** Deep-merged over the twin's fixtures. */
  state?: JsonObject
  /** Default 0. */
  seed?: number
  /**
   * How many trials each agent version runs of this case, 1 to 1000, or
   * `{ k, seeds, sequential }`; each field given wins over the plugin's
   * `trials`. Default: the plugin's, else 1.
   */
  trials?: number | TrialPlanDocument
  /** How the agent reaches the twin: `http` (default) or `mcp` (Streamable HTTP at `<baseUrl>/mcp`). */
  transport?: 'http' | 'mcp'
  faults?: FaultRuleDocument[]
  /** Attacks to run this scenario under: each adds one case (the scenario itself still runs). */
  attacks?: ScenarioAttack[]
  expectations: ExpectationDocument[]
}

/** One user turn of a conversation scenario. */
export interface ConversationTurnDocument {
  /** The user's message (a scripted turn); the agent receives `{ message: user, ...input }`. */
  user?: string
  /** `true`: the scenario's simulated user writes this turn. A turn gives `user` or `simulated`. */
  simulated?: true
  /** Actions the scripted user takes before its message (dual control). */
  actions?: UserActionDocument[]
  /** More fields of this turn's input, beside `message`. */
  input?: JsonObject
  /** Expectations on the state and records at the end of this turn. */
  checkpoints?: ExpectationDocument[]
}

/** One attack a scenario runs under: a library id or a file, and values for its variables. */
export interface ScenarioAttack {
  attack: string
  with?: JsonObject
}
