import type { AgentResult } from '../core/case-run.ts'
import type { JsonValue } from '../core/json.ts'
import type { CollectingSpanExporter } from '../trace/span-collector.ts'

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
