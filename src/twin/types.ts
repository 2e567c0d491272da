import type { CallRecord } from '../core/call-record.ts'
import type { CallerView, FaultPolicy, PoisonedDescription } from '../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { ToolDefinition, TwinDocument } from '../schema/twin-document.ts'

/** A call as the transport hands it to the twin. */
export interface ToolCall {
  tool: string
  args: JsonObject
  attempt?: number
  /**
   * `mcp` for an MCP `tools/call`: recorded, and the record keeps what an MCP client saw.
   * `in-process` for a tool function called in the agent's own process (see `twinTools`).
   */
  transport?: 'mcp' | 'in-process'
  /**
   * `user` for an action of the conversation's user (dual control), allowed
   * only on tools the twin marks `actor: user`. Default: the agent.
   */
  actor?: 'user'
}

/** What a call yields: its record and what the caller must be shown. */
export interface CallOutcome {
  record: CallRecord
  view: CallerView
}

export interface TwinOptions {
  /** Deep-merged over the document's fixtures (objects merge, everything else replaces). */
  stateOverrides?: JsonObject
  /** Decides per call which fault fires; none by default. */
  faults?: FaultPolicy
  /** Code adapters by name, for `kind: adapter` handlers. Default: the global registry. */
  adapters?: ReadonlyMap<string, TwinAdapter>
}

/** A live, per-case twin. Create one per test; never share. */
export interface Twin {
  readonly definition: TwinDocument
  readonly name: string
  readonly baseUrl: string
  readonly tools: readonly ToolDefinition[]
  /** Handle one call. Invalid input answers 400 (recorded), unknown tools throw `UnknownToolError`. */
  call(call: ToolCall): CallOutcome
  /** A deep copy of the current state. */
  state(): JsonObject
  /** A deep copy of the state the case started from. */
  initialState(): JsonObject
  /** A copy of all records so far. */
  records(): CallRecord[]
  /**
   * The tools whose description a tool-description injection rewrote, with the
   * rule and the attacker's content: what a caller listing the tools was shown.
   */
  poisonedTools(): Array<PoisonedDescription & { tool: string }>
  /**
   * Starts user turn `turn` (1-based) of a conversation: the calls that follow
   * are recorded with it, and fault rules conditioned on a turn count their
   * calls within it. State, records, clock and call counts carry over.
   */
  beginTurn(turn: number): void
  /** The user turn the calls now belong to; undefined until a conversation began one. */
  readonly turn: number | undefined
  /** Sets a tool's fault policy for the calls that follow (code-level fault injection). */
  setFaults(policy: FaultPolicy | undefined): void
  dispose(): void
  readonly disposed: boolean
}

/** What an adapter sees of a call. It must be deterministic: no clock, no randomness, no I/O. */
export interface AdapterContext {
  tool: ToolDefinition
  args: JsonObject
  options: JsonObject
  seq: number
  now: string
  id: string
  /** Read a value at an absolute dotted path. */
  get(path: string): JsonValue | undefined
  /** Write a value; recorded as a state change. */
  set(path: string, value: JsonValue | undefined): void
}

/**
 * A reviewed code extension for what declarative handlers cannot express.
 * Register with `registerAdapter(name, adapter)` and refer to it from a
 * document as `handler: { kind: adapter, adapter: name }`.
 */
export interface TwinAdapter {
  /** Returns the twin's answer; state writes go through `context.set`. */
  handle(context: AdapterContext): {
    status: number
    body: JsonValue
    headers?: Record<string, string>
  }
}
