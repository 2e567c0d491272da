import type { JsonObject, JsonValue } from '../core/json.ts'

/** A tool call as the agent's own trace tells it (an `execute_tool` span): testimony, never evidence. */
export interface TracedToolCall {
  spanId: string
  tool: string
  /** `gen_ai.tool.call.arguments`, parsed; absent when the span does not carry them. */
  args?: JsonObject
  /** `gen_ai.tool.call.result`, parsed when it is JSON, else the text; absent when not recorded. */
  result?: JsonValue
  /** `error.type`, when the span records one. */
  errorType?: string
  /** What the trace says of the call: an error (status ERROR or `error.type`), or not. */
  outcome: 'success' | 'error'
  /** An HTTP status the span reports (`http.response.status_code`), when it does. */
  httpStatus?: number
}

/** What a trace says of one agent run, read by the GenAI semantic conventions. */
export interface AgentTrace {
  /** From the `invoke_agent` span (`gen_ai.agent.name`). */
  agentName?: string
  /** The `invoke_agent` span's input (`gen_ai.input.messages`), when recorded. */
  input?: JsonValue
  /** The `execute_tool` spans, in start order. */
  toolCalls: TracedToolCall[]
}
