import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { CallerView } from '../core/fault-model.ts'

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
  if (view.kind !== 'response') {
    const what =
      view.kind === 'connection-error' ? `a connection error (${view.code})` : 'no answer'
    return { content: [{ type: 'text', text: `The tool gave ${what}.` }], isError: true }
  }
  const retryAfter = view.headers['retry-after']
  const text =
    retryAfter === undefined ? view.body : `${view.body}\nRetry after ${retryAfter} seconds.`
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
