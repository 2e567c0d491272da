import type { TraceSpan } from '../core/case-trace.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { AgentTrace, TracedToolCall } from './types.ts'

/** GenAI semantic-convention attribute names this module reads. */
export const GENAI = {
  operation: 'gen_ai.operation.name',
  agentName: 'gen_ai.agent.name',
  inputMessages: 'gen_ai.input.messages',
  toolName: 'gen_ai.tool.name',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
  httpStatus: 'http.response.status_code',
} as const

/** The span's GenAI operation: the attribute, else the first word of its name (`execute_tool refund_payment`). */
export function operationOf(span: TraceSpan): string | undefined {
  const named = span.attributes[GENAI.operation]
  if (typeof named === 'string') return named
  const first = span.name.split(' ')[0]
  return first === 'invoke_agent' || first === 'execute_tool' ? first : undefined
}

/** Attribute text that holds JSON (as the conventions record arguments and results), parsed when it parses. */
function parsedJson(value: JsonValue | undefined): JsonValue | undefined {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as JsonValue
  } catch {
    return value
  }
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function toolCall(span: TraceSpan): TracedToolCall | undefined {
  const named = span.attributes[GENAI.toolName]
  const tool = typeof named === 'string' ? named : span.name.split(' ')[1]
  if (!tool) return undefined
  const errorType = span.attributes[GENAI.errorType]
  const call: TracedToolCall = {
    spanId: span.spanId,
    tool,
    outcome: span.status.code === 'ERROR' || typeof errorType === 'string' ? 'error' : 'success',
  }
  const args = parsedJson(span.attributes[GENAI.toolArguments])
  if (isObject(args)) call.args = args
  const result = parsedJson(span.attributes[GENAI.toolResult])
  if (result !== undefined) call.result = result
  if (typeof errorType === 'string') call.errorType = errorType
  const status = span.attributes[GENAI.httpStatus]
  if (typeof status === 'number') call.httpStatus = status
  return call
}

/**
 * Reads an agent run from its spans by the OpenTelemetry GenAI semantic
 * conventions: the `invoke_agent` span (agent name, input messages) and every
 * `execute_tool` span (tool, arguments, result, error), in start order.
 * @example
 * const { toolCalls } = readAgentTrace(parseOtlpJson(text))
 * toolCalls[0] // { tool: 'lookup_order', args: { order_id: 'ORD-1001' }, outcome: 'success', ... }
 */
export function readAgentTrace(spans: readonly TraceSpan[]): AgentTrace {
  const trace: AgentTrace = { toolCalls: [] }
  for (const span of spans) {
    const operation = operationOf(span)
    if (operation === 'invoke_agent' && trace.input === undefined) {
      const name = span.attributes[GENAI.agentName]
      if (typeof name === 'string') trace.agentName = name
      const input = parsedJson(span.attributes[GENAI.inputMessages])
      if (input !== undefined) trace.input = input
    }
    if (operation === 'execute_tool') {
      const call = toolCall(span)
      if (call) trace.toolCalls.push(call)
    }
  }
  return trace
}
