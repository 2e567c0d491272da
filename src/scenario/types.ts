import type { AgentResult } from '../core/case-run.ts'
import type { JsonValue } from '../core/json.ts'
import type { CollectingSpanExporter } from '../trace/span-collector.ts'

/** One message of a conversation, as the agent sees it. */
export interface ConversationMessage {
  role: 'user' | 'assistant'
  content: string
}

/** Where a case stands in its conversation; a one-turn case is a conversation of one turn. */
export interface ConversationContext {
  /** This turn, counted from 1. */
  turn: number
  /** The messages so far, oldest first, ending with this turn's user message. */
  messages: readonly ConversationMessage[]
}

/** Handed to the agent for one case. */
export interface AgentContext {
  /** Base URL of the twin's HTTP surface; all tool calls go there. */
  baseUrl: string
  /** Aborts when the case times out. */
  signal: AbortSignal
  /**
   * The case's seed (per trial when a case runs several trials), for an agent
   * whose own choices should vary by trial and still reproduce. Always given
   * by `runCase`; absent when a test calls the agent itself.
   */
  seed?: number
  /**
   * For an agent instrumented with OpenTelemetry: an in-memory span exporter
   * of this case (hand it to a `SimpleSpanProcessor`). What it receives is
   * kept as the agent's claimed trajectory (`CaseRun.trace`), never as evidence.
   * Always given by `runCase`; absent when a test calls the agent itself.
   */
  trace?: { exporter: CollectingSpanExporter }
  /** Set when the scenario says `transport: mcp`: the twin's MCP endpoint (Streamable HTTP). */
  mcpUrl?: string
  /**
   * The conversation so far. A conversational agent answers its last user
   * message in the light of the earlier ones; the twin's state persists
   * across the turns of one case. Absent when a test calls the agent itself.
   */
  conversation?: ConversationContext
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
