/** The twin's record of calls: the evidence every evaluator reads. */
import type { CallerView, DependencyEffect, InjectionTarget, McpCallerKind } from './fault-model.ts'
import type { JsonObject, JsonValue } from './json.ts'
import type { RiskLevel } from './risk.ts'

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
  /** For an injection: what was planted where, and whether the caller's body carries it. */
  injection?: RecordedInjection
}

/** The attacker's content an injection planted into one answer: the evidence a security check cites. */
export interface RecordedInjection {
  target: InjectionTarget
  /** The response path, list path or state path the rule named ('' = the body itself). */
  path: string
  content: string
  /** The content reached the caller: some string of the body the caller saw contains it. */
  delivered: boolean
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
  /** In a conversation: the user turn the call was made in (1-based). Absent in a one-turn case. */
  turn?: number
  /**
   * Who made the call: `user` for a call the (scripted or simulated) user made
   * through a tool the twin marks `actor: user` (dual control). Absent for the
   * agent's calls: read it with `actorOf`.
   */
  actor?: 'user'
  /**
   * `mcp` when the call came as an MCP `tools/call`, `in-process` when a tool
   * function called the twin in the agent's own process; absent for HTTP.
   */
  transport?: 'mcp' | 'in-process'
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

/** Who acted in a call: the agent, or the user (dual control). */
export type CallActor = 'agent' | 'user'

/**
 * Who made a call: `user` for the user's own actions, else `agent`.
 * @example
 * actorOf(record) // 'agent'
 */
export function actorOf(record: { actor?: 'user' }): CallActor {
  return record.actor === 'user' ? 'user' : 'agent'
}
