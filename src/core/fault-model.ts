import type { JsonObject, JsonValue } from './json.ts'

/**
 * What the dependency really did with the call. The twin enacts this fact;
 * the fault catalog only names it.
 * - `none`: the handler does not run; no state changes.
 * - `applied`: the handler runs normally.
 * - `partial`: only some effects are applied (param `keepEffects`, default: the first half, rounded down, at least one).
 * - `twice`: the effects are applied two times (the idempotency store does not prevent it).
 * - `deferred`: preconditions are checked and effects staged; they commit after
 *   `commitAfterCalls` further calls to the twin (param; absent = never within the case).
 * - `stale`: a read served from an older state version (param `versionsBehind`, default 1).
 */
export type DependencyEffect = 'none' | 'applied' | 'partial' | 'twice' | 'deferred' | 'stale'

/** What the caller observes, rendered by `http/` for `fetch` and `node:http`. */
export type CallerView =
  | {
      kind: 'response'
      status: number
      headers: Record<string, string>
      /** The raw body text as sent. */
      body: string
      /** Latency the caller sees before the first byte. */
      delayMs?: number
      /**
       * When set, the response announces this Content-Length but the connection
       * closes after `body`, so reading the body fails (a truncated response).
       */
      declaredLength?: number
    }
  | { kind: 'connection-error'; code: 'ECONNREFUSED' | 'ECONNRESET' | 'EPIPE'; delayMs?: number }
  /** No answer at all: the request hangs until the caller's own abort signal fires. */
  | { kind: 'no-response' }

/**
 * What an MCP client sees when the fault fires on `tools/call`, rendered by `mcp/`:
 * - `tool-result`: the caller view's body as a tool result, `isError: true` when its status is 4xx/5xx;
 * - `jsonrpc-error`: a JSON-RPC error response instead of a result;
 * - `no-answer`: no response until the client cancels the request;
 * - `stream-cut`: the response starts and is cut off mid-message;
 * - `connection-lost`: the connection (HTTP) or the server's output (stdio) closes with no answer;
 * - `invalid-jsonrpc`: an answer that is not a valid JSON-RPC message.
 */
export type McpCallerKind =
  | 'tool-result'
  | 'jsonrpc-error'
  | 'no-answer'
  | 'stream-cut'
  | 'connection-lost'
  | 'invalid-jsonrpc'

/** A fault that a rule decided to inject into one call. */
export interface FaultDecision {
  ruleId: string
  type: string
  params: Record<string, JsonValue>
}

/** Everything a rule may look at to decide; never timing, never other tools' order. */
export interface FaultContext {
  tool: string
  /** 1-based count of calls to this tool in this case, this call included. */
  callNumber: number
  /** The user turn of a conversation the call is made in (1-based); absent means turn 1. */
  turn?: number
  /** 1-based count of calls to this tool within `turn`, this call included; absent means `callNumber`. */
  turnCallNumber?: number
  args: Record<string, JsonValue>
}

/** A decision resolved against the catalog: the fault type and its params with defaults filled in. */
export interface ActiveFault {
  ruleId: string
  fault: FaultType
  params: Record<string, JsonValue>
}

/**
 * Decides, per call, whether a fault fires. Implemented by `faults/rules`;
 * the twin only enacts what it returns, so it never imports the catalog.
 */
export interface FaultPolicy {
  decide(context: FaultContext): ActiveFault | undefined
  /**
   * The description a tool is listed with: its own, or one a `tool-description`
   * injection rewrote (with the rule that did it). Absent: descriptions are never rewritten.
   */
  describe?(tool: string, description: string): PoisonedDescription | undefined
}

/** A tool description an injection rewrote. */
export interface PoisonedDescription {
  ruleId: string
  type: string
  description: string
  /** The attacker's content, as the rule gave it. */
  content: string
}

/** The twin's own answer, handed to a fault's caller view. */
export interface TwinAnswer {
  status: number
  body: JsonValue
  headers: Record<string, string>
}

export interface FaultParamSpec {
  name: string
  type: 'number' | 'integer' | 'string' | 'boolean' | 'object' | 'array'
  description: string
  default?: JsonValue
  /** The only values allowed (e.g. the statuses a fault may answer with). */
  allowed?: readonly JsonValue[]
  /** For numbers and integers: the smallest value allowed. */
  minimum?: number
  /** For arrays: the type of each element; for objects: the type of each value. */
  elementType?: 'number' | 'integer' | 'string' | 'boolean'
  /** A rule of this fault must give the param (no default could stand in for it). */
  required?: boolean
  /** For a required param: a value that shows its shape (printed by `agenttwin faults`). */
  example?: JsonValue
  /** For strings: a state path (one place) or a path pattern (`*` allowed), checked like every path. */
  format?: 'state-path' | 'path-pattern'
}

/**
 * Where an injection plants attacker-written content:
 * - `response-field`: a field of the response body the caller receives;
 * - `list-item`: an extra item in a list of the response body;
 * - `state-field`: a field of the twin's state, as the read that returns it sees it;
 * - `tool-description`: the tool's description (MCP `tools/list`, `twin.tools`), before any call.
 */
export type InjectionTarget = 'response-field' | 'list-item' | 'state-field' | 'tool-description'

/** One entry of the catalog: a fault defined by its two facts. */
export interface FaultType {
  type: string
  title: string
  /** Fact one: what the dependency did. */
  dependency: { effect: DependencyEffect; description: string }
  /** Fact two: what the caller sees. */
  caller: { description: string }
  /** Fact two over MCP: what an MCP client sees instead of the HTTP answer (absent: 'tool-result'). */
  mcp?: { kind: McpCallerKind; description: string }
  /** Is this fault one where the two facts contradict each other? */
  dangerous: boolean
  params: FaultParamSpec[]
  /**
   * Builds what the caller sees from the twin's answer (for `effect: 'none'`,
   * the answer of a dry run on a copy of the state) and the rule's params
   * (defaults already filled in).
   */
  view(answer: TwinAnswer, params: Record<string, JsonValue>): CallerView
  /**
   * Injections only: where the attacker's content goes. The content is the
   * rule's `content` param; the state is never written (fact one).
   */
  injection?: { target: InjectionTarget }
  /**
   * A copy of the state for the handler to read instead of the real one
   * (`state-field` injections); writes still land on the real state.
   */
  plant?(state: JsonObject, params: Record<string, JsonValue>): JsonObject
}

/**
 * When a fault rule fires. Every given field must hold (they combine with AND);
 * `maxTimes` caps how often the rule fires in one case.
 */
export interface FaultCondition {
  /**
   * Only in this user turn of a conversation (1-based; a one-turn case is turn 1).
   * With it, `call`, `calls`, `every` and `from` count the tool's calls within that turn.
   */
  turn?: number
  /** The n-th call of the target tool (1-based). */
  call?: number
  /** Any of these call numbers. */
  calls?: number[]
  /** Every n-th call (n, 2n, 3n, ...). */
  every?: number
  /** From the n-th call on. */
  from?: number
  /** Fire at most this many times. */
  maxTimes?: number
  /** Only when these arguments equal the given values. */
  args?: JsonObject
  /** Fire with this probability in [0, 1], drawn from hash(seed, rule id, tool, call number). */
  probability?: number
}

export interface FaultRuleDocument {
  id: string
  tool: string
  /** Default: every call. */
  when?: FaultCondition
  /** A fault type from the catalog (`agenttwin faults`). */
  fault: string
  params?: JsonObject
}
