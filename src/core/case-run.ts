/**
 * The record of one case: what the agent said and what the twin saw. Plain,
 * serialisable JSON that travels in task meta from worker to reporter.
 */
import type { CallRecord } from './call-record.ts'
import type { CaseTrace } from './case-trace.ts'
import type { ClaimFamily } from './claim.ts'
import type { ExpectationResult } from './expectation-result.ts'
import type { JsonObject, JsonValue } from './json.ts'
import type { CaseModels, LlmSource } from './model-usage.ts'
import type { RiskLevel } from './risk.ts'

/** What the agent says happened. Testimony, never evidence. */
export type ClaimedOutcome = 'SUCCESS' | 'PARTIAL' | 'FAILURE'

/** A tool call as the agent itself reports it; kept for comparison, never trusted. */
export interface AgentToolCall {
  tool: string
  /**
   * The arguments as the agent (or its framework) reports them. Any object is
   * accepted here; the case keeps it only when it is plain JSON (checked at run time).
   */
  args?: JsonObject | Record<string, unknown>
  status?: number | null
}

/** A claim the case runner read from the reply because the agent stated no outcome. */
export interface InferredClaim {
  /** The claim family read with the claim phrase table; `unknown` when nothing could be read. */
  family: ClaimFamily | 'unknown'
  /** What decided, in plain words (the phrases matched). */
  basis: string
}

/** What an agent returns for one input (one turn of a conversation). */
export interface AgentResult {
  reply: string
  /**
   * The outcome the agent claims. Optional: when absent, the claim is read
   * from the reply with the claim classifier and marked in `inferred`
   * (`outcome` is then set when the reading is success, partial or failure).
   */
  outcome?: ClaimedOutcome
  /** Set by the case runner, never by the agent: the outcome was read from the reply. */
  inferred?: InferredClaim
  /** The agent's own list of tool calls (a claim). */
  toolCalls?: AgentToolCall[]
  /** The agent says it handed the case to a human. */
  handoff?: boolean
  tokens?: { input: number; output: number }
  /** A structured claim class, when the agent gives one (e.g. `updated`, `pending`). */
  claimClass?: string
}

/** Why a case did not finish. */
export interface CaseError {
  kind:
    | 'threw'
    | 'timeout'
    | 'malformed-result'
    | 'unhandled-request'
    | 'model-cassette'
    | 'simulated-user'
  message: string
}

/** A request the network guard refused during the case: evidence, even when the agent swallowed the error. */
export interface CaseRefusal {
  /** Present where the protocol carries one (HTTP, a WebSocket handshake). */
  method?: string
  /** The full URL; `tcp://host:port`, `udp://host:port`, `dns://host` where there is none. */
  url: string
  /** Who sent it, when it can be told: `undici`, `websocket`, `worker`, `dns`, `udp`, `socket`, ... */
  client?: string
  message: string
}

/** The tools of the twin as the case saw them. */
export interface CaseTool {
  name: string
  risk: RiskLevel
  effectKey?: string
  idempotencyArgument?: string
  /** The twin declares that this tool hands the case to a human. */
  handoff?: boolean
  /** The twin marks the tool as the user's (dual control): only the user may call it. */
  actor?: 'user'
  /** A tool-description injection rewrote the description the agent was shown (before any call). */
  injection?: { ruleId: string; type: string; content: string }
}

/** One user turn of a case: the user's message, the agent's reply, the state it left. */
export interface CaseTurn {
  /** 1-based. */
  turn: number
  /** The user's message of this turn. */
  user: string
  /** What the agent was handed for this turn (`{ message, ... }`). */
  input: JsonValue
  /** The agent's answer to this turn; absent when the turn did not finish. */
  result?: AgentResult
  /** Why the turn did not finish; the conversation stops there. */
  error?: CaseError
  /** The twin's state at the end of this turn. */
  state: JsonObject
  /**
   * Who wrote the user's message: `script` (a scripted turn), `simulator`
   * (the simulated user, this run), `baseline` (the baseline's simulated
   * user, replayed in a pair while the conversation so far was the same).
   * Absent in a conversation without a simulated user.
   */
  by?: 'script' | 'simulator' | 'baseline'
}

/** Why a conversation with a simulated user ended, by its stated rule. */
export type ConversationEnd = 'goal' | 'handoff' | 'turn-limit' | 'script' | 'error'

/** The simulated user of a case: what played it, how the conversation ended, its own model traffic. */
export interface CaseUser {
  /** `deterministic` (replies as data, not a language model) or `language-model`. */
  simulator: 'deterministic' | 'language-model'
  /** Shown wherever the simulator appears; for the deterministic one: not a language model. */
  note: string
  /** The language model's name, for `language-model`. */
  model?: string
  persona: string
  goal: string
  /** How the conversation ended, after which turn, and what the rule saw. */
  ended: { by: ConversationEnd; turn: number; reason: string }
  /** The simulated user's own model calls and tokens, apart from the agent's (`CaseRun.models`). */
  models?: CaseModels
}

/**
 * One scenario run against one agent version: plain, serialisable JSON.
 * Evaluators read `records`, `initialState` and `finalState`; `result.toolCalls` is testimony.
 */
export interface CaseRun {
  schema: 'agenttwin/case-run.v1'
  scenario: { id: string; version: string; title: string; digest: string; file?: string }
  twin: { name: string; version: string; digest: string }
  seed: number
  agent: { name: string; version: string }
  input: JsonValue
  tools: CaseTool[]
  initialState: JsonObject
  finalState: JsonObject
  records: CallRecord[]
  /**
   * A conversation scenario's user turns, in order, each with the agent's
   * reply and the state at its end (records say their turn). `result` is the
   * last turn's answer. Absent for a one-turn (`input`) scenario.
   */
  conversation?: CaseTurn[]
  /** The conversation's simulated user, when the scenario has one (`user:`). */
  user?: CaseUser
  /** Absent when the case did not finish. */
  result?: AgentResult
  /** The spans the agent exported through `context.trace.exporter`: testimony, read only by `traceMatchesRecords`. */
  trace?: CaseTrace
  finished: boolean
  error?: CaseError
  /** Requests the network guard refused during the case; any refusal leaves the case unfinished. */
  refused?: CaseRefusal[]
  metrics: { latencyMs: number; toolCalls: number; tokens?: { input: number; output: number } }
  /**
   * What happened to the case's model traffic: `live`, `replayed`, `refused`,
   * `missing` (a cassette miss) or `scripted` (no model request). Absent when
   * nothing watched it (a CaseRun built from a twin by hand).
   */
  llm?: LlmSource
  /** The case's model calls with tokens, model and latency from the provider's answers. */
  models?: CaseModels
}

/** A case and the verdicts of its expectations: what one side of a comparison holds. */
export interface EvaluatedCase {
  run: CaseRun
  results: ExpectationResult[]
}
