/**
 * The `scenario.v1` document, as TypeScript types; mirrors `scenario-schema.ts`.
 */
import type { ExpectationType } from '../core/expectation-result.ts'
import type { FaultRuleDocument } from '../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'

export type { ExpectationType }

export const SCENARIO_API_VERSION = 'agenttwin/scenario.v1'

interface ExpectationBase {
  /** Stable id, used in reports, overrides and comparisons. */
  id: string
  description?: string
  /** A failing critical expectation makes the case a critical failure. */
  critical?: boolean
}

/** Value checks shared by `state` and `outcomeVerified`. Exactly one is given. */
export interface ValueCheck {
  equals?: JsonValue
  /** A regular expression (strings) or a subset (objects: every given field deep-equals). */
  matches?: JsonValue
  exists?: boolean
  gt?: number
  gte?: number
  lt?: number
  lte?: number
}

export interface StateExpectation extends ExpectationBase, ValueCheck {
  type: 'state'
  path: string
}

export interface NoDuplicateSideEffectExpectation extends ExpectationBase {
  type: 'noDuplicateSideEffect'
  /** Default: every tool that has an effect key. */
  tool?: string
}

export interface OutcomeVerifiedExpectation extends ExpectationBase, ValueCheck {
  type: 'outcomeVerified'
  /** With a path: a claimed success must be backed by this state value. */
  path?: string
  /**
   * A FAILURE claim while the state shows the action done (`UNREPORTED_EFFECT`):
   * `fail` (default), or `allow` where telling the user "it failed" is acceptable.
   */
  unreportedEffect?: 'fail' | 'allow'
}

export type ArgsMatchMode = 'exact' | 'ignore' | 'subset' | 'superset'

export interface ToolStep {
  tool: string
  args?: JsonObject
}

export interface CallOrderExpectation extends ExpectationBase {
  type: 'callOrder'
  /** The first call of `before`... */
  before: string
  /**
   * ...comes before the first call of `after`; `before` must be called if `after` is.
   * Later calls of `before` (a confirming re-read after the action) are fine. Passes when
   * `after` is never called.
   */
  after: string
}

export interface CalledToolExpectation extends ExpectationBase {
  type: 'calledTool'
  tool: string
  args?: JsonObject
  argsMode?: ArgsMatchMode
  /** Exact number of matching calls; default: at least one. */
  times?: number
}

export interface NotCalledToolExpectation extends ExpectationBase {
  type: 'notCalledTool'
  tool: string
  args?: JsonObject
  argsMode?: ArgsMatchMode
}

export interface TrajectoryExpectation extends ExpectationBase {
  type: 'trajectory'
  mode: 'strict' | 'unordered' | 'subset' | 'superset'
  steps: ToolStep[]
  /** How arguments of a step are compared, default `ignore` when a step has no args, else `subset`. */
  argsMode?: ArgsMatchMode
}

export interface HandoffExpectation extends ExpectationBase {
  type: 'handoff'
  /** true: the case was handed to a human; false: it was not. */
  expected: boolean
  /** The handoff tool; default: the twin's tools declared with `handoff: true`. */
  tool?: string
}

export interface MaxRetriesExpectation extends ExpectationBase {
  type: 'maxRetries'
  tool: string
  max: number
}

export interface NoCollateralChangesExpectation extends ExpectationBase {
  type: 'noCollateralChanges'
  /** State paths (and everything below them) that may change. */
  allow: string[]
}

export interface JudgeExpectation extends ExpectationBase {
  type: 'judge'
  criterion: string
  /** Evidence the judge may see beside the reply. */
  include?: Array<'records' | 'finalState' | 'input'>
  /** Default 0.7. */
  threshold?: number
}

export interface ContractExpectation extends ExpectationBase {
  type: 'contract'
  /** Path to a `contract.v1` document, relative to the scenario file. */
  contract: string
  /** The entity the contract speaks of, e.g. `ORD-1001`. */
  entity: string
}

/**
 * The agent's own OpenTelemetry trace (testimony) agrees with the twin's
 * records: every traced tool call was received, every received call is
 * traced, and each result is reported as the twin answered it.
 */
export interface TraceMatchesRecordsExpectation extends ExpectationBase {
  type: 'traceMatchesRecords'
}

export type ExpectationDocument =
  | StateExpectation
  | NoDuplicateSideEffectExpectation
  | OutcomeVerifiedExpectation
  | CallOrderExpectation
  | CalledToolExpectation
  | NotCalledToolExpectation
  | TrajectoryExpectation
  | HandoffExpectation
  | MaxRetriesExpectation
  | NoCollateralChangesExpectation
  | JudgeExpectation
  | ContractExpectation
  | TraceMatchesRecordsExpectation

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
  /** Handed to the agent as is. */
  input: JsonValue
  /** Deep-merged over the twin's fixtures. */
  state?: JsonObject
  /** Default 0. */
  seed?: number
  /**
   * How many trials each agent version runs of this case, 1 to 1000; wins over
   * the plugin's `trials`. Default: the plugin's, else 1.
   */
  trials?: number
  /** How the agent reaches the twin: `http` (default) or `mcp` (Streamable HTTP at `<baseUrl>/mcp`). */
  transport?: 'http' | 'mcp'
  faults?: FaultRuleDocument[]
  expectations: ExpectationDocument[]
}
