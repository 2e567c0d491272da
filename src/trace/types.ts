import type { JsonObject, JsonValue } from '../core/json.ts'

/** A span's status as OpenTelemetry defines it. */
export type SpanStatusCode = 'UNSET' | 'OK' | 'ERROR'

/**
 * One span, as read from OTLP JSON or from an SDK's `ReadableSpan`: plain,
 * serialisable JSON. Times are nanoseconds since the epoch, as decimal text
 * (they do not fit in a JSON number).
 */
export interface TraceSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  startTimeUnixNano: string
  endTimeUnixNano?: string
  attributes: JsonObject
  status: { code: SpanStatusCode; message?: string }
}

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

/** The spans an instrumented agent exported during one case: its claimed trajectory. */
export interface CaseTrace {
  /** How the spans arrived: the in-memory exporter of the case context. */
  source: 'exporter'
  spans: TraceSpan[]
}
