import type { JsonObject, JsonValue } from '../core/json.ts'
import type { CaseModels, LlmSource } from '../models/types.ts'
import type { RiskLevel } from '../schema/twin-document.ts'
import type { CollectingSpanExporter } from '../trace/span-collector.ts'
import type { CaseTrace } from '../trace/types.ts'
import type { CallRecord } from '../twin/types.ts'

/** What the agent says happened. Testimony, never evidence. */
export type ClaimedOutcome = 'SUCCESS' | 'PARTIAL' | 'FAILURE'

/** A tool call as the agent itself reports it; kept for comparison, never trusted. */
export interface AgentToolCall {
  tool: string
  args?: JsonObject
  status?: number | null
}

/** What an agent returns for one input. */
export interface AgentResult {
  reply: string
  outcome: ClaimedOutcome
  /** The agent's own list of tool calls (a claim). */
  toolCalls?: AgentToolCall[]
  /** The agent says it handed the case to a human. */
  handoff?: boolean
  tokens?: { input: number; output: number }
  /** A structured claim class, when the agent gives one (e.g. `updated`, `pending`). */
  claimClass?: string
}

/** Handed to the agent for one case. */
export interface AgentContext {
  /** Base URL of the twin's HTTP surface; all tool calls go there. */
  baseUrl: string
  /** Aborts when the case times out. */
  signal: AbortSignal
  /**
   * For an agent instrumented with OpenTelemetry: an in-memory span exporter
   * of this case (hand it to a `SimpleSpanProcessor`). What it receives is
   * kept as the agent's claimed trajectory (`CaseRun.trace`), never as evidence.
   * Always given by `runCase`; absent when a test calls the agent itself.
   */
  trace?: { exporter: CollectingSpanExporter }
  /** Set when the scenario says `transport: mcp`: the twin's MCP endpoint (Streamable HTTP). */
  mcpUrl?: string
}

/**
 * An agent under test: any framework, reached through one function.
 * @example
 * const agent: Agent = { name: 'support', version: '1.2.4', run: async (input, { baseUrl }) => ... }
 */
export interface Agent {
  name: string
  version: string
  run(input: JsonValue, context: AgentContext): Promise<AgentResult>
}

/** Why a case did not finish. */
export interface CaseError {
  kind: 'threw' | 'timeout' | 'malformed-result' | 'unhandled-request' | 'model-cassette'
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
  /** Absent when the case did not finish. */
  result?: AgentResult
  /** The spans the agent exported through `context.trace.exporter`: testimony, read only by `traceMatchesRecords`. */
  trace?: CaseTrace
  finished: boolean
  error?: CaseError
  /** Requests the network guard refused during the case; any refusal leaves the case unfinished. */
  refused?: CaseRefusal[]
  metrics: { latencyMs: number; toolCalls: number; tokens?: { input: number; output: number } }
  /** Whether a model was in the loop: `live`, `replayed` from a cassette, or none (`scripted`). */
  llm?: LlmSource
  /** The case's model calls with tokens, model and latency from the provider's answers. */
  models?: CaseModels
}
