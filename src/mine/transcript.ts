// A recorded conversation as the miner reads it, from either kind of
// transcript: OTLP spans (one `invoke_agent` span per user turn) or a JSON
// list of chat messages (OpenAI style: `{ role, content, tool_calls }`).

import type { TraceSpan } from '../core/case-trace.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { isJsonObject } from '../core/json.ts'
import { GENAI, operationOf, readAgentTrace } from '../trace/genai.ts'
import type { AgentTrace, TracedToolCall } from '../trace/types.ts'
import { MineSourceError } from './errors.ts'

/** One user turn of a transcript: what the user said, and the tool calls made in it. */
export interface TranscriptTurn {
  user: string
  calls: TracedToolCall[]
}

/** A recorded agent run; `turns` when the record shows the user's turns. */
export interface Transcript extends AgentTrace {
  turns?: TranscriptTurn[]
}

function parsed(value: JsonValue | undefined): JsonValue | undefined {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value) as JsonValue
  } catch {
    return value
  }
}

/** The text of a message's content: a string, or the text parts of a list (`{ type: 'text', text | content }`). */
function textOf(content: JsonValue | undefined): string | undefined {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return undefined
  const parts = content.flatMap((part) => {
    if (typeof part === 'string') return [part]
    if (!isJsonObject(part)) return []
    const text = part.text ?? part.content
    return typeof text === 'string' ? [text] : []
  })
  return parts.length > 0 ? parts.join('\n') : undefined
}

/** The last user message of a message list (what the user said in the turn that list opened). */
function lastUserText(messages: JsonValue | undefined): string | undefined {
  if (!Array.isArray(messages)) return undefined
  for (const message of [...messages].reverse()) {
    if (isJsonObject(message) && message.role === 'user') {
      const text = textOf(message.parts ?? message.content)
      if (text !== undefined) return text
    }
  }
  return undefined
}

/**
 * A trace as a transcript: with several `invoke_agent` spans, each opens a
 * user turn (its last user message) and owns the `execute_tool` spans after it.
 */
export function transcriptOfSpans(spans: readonly TraceSpan[]): Transcript {
  const trace: Transcript = readAgentTrace(spans)
  const turns: TranscriptTurn[] = []
  for (const span of spans) {
    const operation = operationOf(span)
    if (operation === 'invoke_agent') {
      const user = lastUserText(parsed(span.attributes[GENAI.inputMessages]))
      turns.push({ user: user ?? '', calls: [] })
    }
    if (operation === 'execute_tool' && turns.length > 0) {
      const call = trace.toolCalls.find((one) => one.spanId === span.spanId)
      if (call) turns.at(-1)!.calls.push(call)
    }
  }
  if (turns.length > 1) trace.turns = turns
  return trace
}

/** Whether a JSON value looks like a list of chat messages (every item has a `role`). */
export function isMessageList(value: unknown): value is JsonObject[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every((item) => isJsonObject(item) && typeof item.role === 'string')
  )
}

function toolResultOf(message: JsonObject, call: TracedToolCall): void {
  const content = parsed(typeof message.content === 'string' ? message.content : undefined)
  if (content === undefined) return
  call.result = content
  if (!isJsonObject(content)) return
  const status = content.status ?? content.status_code
  if (typeof status === 'number') call.httpStatus = status
  if (content.error !== undefined || (typeof status === 'number' && status >= 400)) {
    call.outcome = 'error'
    const type = isJsonObject(content.error) ? content.error.type : content.error
    if (typeof type === 'string') call.errorType = type
  }
}

/**
 * A JSON message list as a transcript: every `user` message opens a turn;
 * every assistant `tool_calls` entry is a call of that turn, and a `tool`
 * message answering it gives its result (an `error` field, or a `status` of
 * 400 or more, marks it failed).
 * @throws MineSourceError when no message is the user's
 */
export function transcriptOfMessages(messages: readonly JsonObject[], file: string): Transcript {
  const turns: TranscriptTurn[] = []
  const byId = new Map<string, TracedToolCall>()
  const all: TracedToolCall[] = []
  messages.forEach((message, index) => {
    if (message.role === 'user') {
      turns.push({ user: textOf(message.content) ?? '', calls: [] })
      return
    }
    if (message.role === 'assistant' && Array.isArray(message.tool_calls)) {
      for (const entry of message.tool_calls) {
        if (!isJsonObject(entry)) continue
        const fn = isJsonObject(entry.function) ? entry.function : entry
        if (typeof fn.name !== 'string') continue
        const call: TracedToolCall = {
          spanId: `message ${index + 1}`,
          tool: fn.name,
          outcome: 'success',
        }
        const args = parsed(fn.arguments)
        if (isJsonObject(args)) call.args = args
        if (typeof entry.id === 'string') byId.set(entry.id, call)
        all.push(call)
        turns.at(-1)?.calls.push(call)
      }
      return
    }
    if (message.role === 'tool' && typeof message.tool_call_id === 'string') {
      const call = byId.get(message.tool_call_id)
      if (call) toolResultOf(message, call)
    }
  })
  if (turns.length === 0) {
    throw new MineSourceError(
      file,
      'the message list has no message with role "user"',
      'pass the whole conversation, user messages included',
    )
  }
  return { toolCalls: all, input: { message: turns[0]!.user }, turns }
}
