import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { CallerView } from '../core/fault-model.ts'
import { callerText } from '../twin/call-view.ts'

/** `_meta` key of a tool result: the HTTP status the result stands for. */
export const STATUS_META = 'agenttwin/status'
/** `_meta` key of a `tools/call` request: the attempt number (the `x-agenttwin-attempt` header of HTTP). */
export const ATTEMPT_META = 'agenttwin/attempt'

/**
 * A caller view as an MCP tool result: the body as text (what a model reads),
 * `isError` when the status is 4xx/5xx, and the status in `_meta` for clients
 * that want to tell a throttle from a rejection.
 *
 * @example
 * toolResult({ kind: 'response', status: 500, headers: {}, body: '{"error":"boom"}' })
 * // { content: [{ type: 'text', text: '{"error":"boom"}' }], isError: true, _meta: { 'agenttwin/status': 500 } }
 */
export function toolResult(view: CallerView): CallToolResult {
  const text = callerText(view)
  if (view.kind !== 'response') return { content: [{ type: 'text', text }], isError: true }
  return {
    content: [{ type: 'text', text }],
    ...(view.status >= 400 && { isError: true }),
    _meta: { [STATUS_META]: view.status },
  }
}

/** The attempt a `tools/call` declares in its `_meta`, or 1. */
export function attemptOf(meta: Record<string, unknown> | undefined): number {
  const value = meta?.[ATTEMPT_META]
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : 1
}
