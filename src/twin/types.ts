import type {
  CallerView,
  DependencyEffect,
  FaultPolicy,
  McpCallerKind,
} from '../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { RiskLevel, ToolDefinition, TwinDocument } from '../schema/twin-document.ts'

/** One changed state path, with its value before and after (absent = `undefined`, serialised as missing). */
export interface StateChange {
  /**
   * Absolute path from the state root, one key a segment, so a key holding a
   * dot stays one key. Text (`formatPath`) is for messages and reports only.
   */
  path: string[]
  before?: JsonValue
  after?: JsonValue
}

/** The injected fault as the record keeps it: both facts, as they happened. */
export interface RecordedFault {
  ruleId: string
  type: string
  /** Fact one, as enacted. */
  dependency: DependencyEffect
  /**
   * Fact two, as rendered: `response` with its status, `connection-error` with
   * its code, or `no-response`. `body` says when a response's body could not
   * be read: cut short of its Content-Length, or not JSON.
   */
  caller: {
    kind: CallerView['kind']
    status?: number
    code?: string
    body?: 'truncated' | 'unparseable'
    /** Over MCP: which rendering of the caller fact fired. */
    mcp?: McpCallerKind
  }
}

/**
 * The twin's record of one call: the single source of truth that every
 * evaluator reads. Plain JSON; identical inputs give byte-identical records.
 */
export interface CallRecord {
  /** 1-based, over all tools of the twin, in arrival order. */
  seq: number
  tool: string
  risk: RiskLevel
  /** The arguments as received (after query/body decoding). */
  args: JsonObject
  /** From the `x-agenttwin-attempt` header or 1. */
  attempt: number
  /** `mcp` when the call came as an MCP `tools/call`; absent for HTTP. */
  transport?: 'mcp'
  /** Fixed-clock timestamp, ISO 8601. */
  at: string
  tenant?: string
  idempotencyKey?: string
  effectKey?: string
  /** A repeat with a known idempotency key, answered from the store without effect. */
  replay: boolean
  /** What the caller saw: the HTTP status, or `null` when no status arrived (connection error, no response). */
  status: number | null
  /** The body the caller saw: parsed JSON, the raw text when it did not parse, `null` for no body. */
  response: JsonValue
  /** The twin's own answer before any fault changed what the caller saw. */
  twinAnswer: { status: number; body: JsonValue }
  /** Whether the tool did what it was asked: its own answer was 2xx and its effects ran. */
  outcome: 'success' | 'error'
  fault?: RecordedFault
  /** Changes this call made to the state (empty for reads, rejections and withheld effects). */
  changes: StateChange[]
  /**
   * Effects staged by a deferred fault; `commitsAtSeq` absent = never within the case.
   * Until the commit, `changes` are the changes a dry run predicted; once
   * committed (before call `commitsAtSeq` is handled), the changes really made.
   * `commitError` says why a due commit did not happen (nothing was changed).
   */
  deferred?: {
    changes: StateChange[]
    commitsAtSeq?: number
    committed: boolean
    commitError?: string
  }
}

/** A call as the transport hands it to the twin. */
export interface ToolCall {
  tool: string
  args: JsonObject
  attempt?: number
  /** `mcp` for an MCP `tools/call`: recorded, and the record keeps what an MCP client saw. */
  transport?: 'mcp'
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
