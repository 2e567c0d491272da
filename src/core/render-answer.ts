/**
 * The one render step from an answer to what the caller sees.
 *
 * A twin's answer (`TwinAnswer`: status, JSON body, headers) or a fault's own
 * answer becomes a `CallerView`, the transport-neutral rendered answer: the
 * body as the exact text sent, the headers as sent. Transports only encode a
 * view (HTTP as a `Response`, MCP as a tool result, in-process as a value);
 * none of them renders a body again, so every transport shows the same text.
 *
 * Bodies are JSON, as real gateways and providers send them: served as
 * `application/json` (a template's own `Content-Type` wins). An answer
 * without a body (`null`) is sent as no body and no content type.
 */
import type { CallerView, TwinAnswer } from './fault-model.ts'
import type { JsonValue } from './json.ts'

/** The `response` branch of a caller view. */
export type ResponseView = Extract<CallerView, { kind: 'response' }>

const JSON_CONTENT_TYPE = 'application/json'

/**
 * Merges headers case-insensitively (later wins) and lower-cases every name,
 * so a template's `Content-Type` and ours never end up as two headers.
 * @example
 * mergeHeaders({ 'content-type': 'application/json' }, { 'Content-Type': 'text/plain' }) // { 'content-type': 'text/plain' }
 */
export function mergeHeaders(...sets: Array<Record<string, string>>): Record<string, string> {
  const merged: Record<string, string> = {}
  for (const set of sets) {
    for (const [name, value] of Object.entries(set)) merged[name.toLowerCase()] = value
  }
  return merged
}

/**
 * A twin's answer as the caller sees it, optionally after `delayMs` of latency.
 * @example
 * renderAnswer({ status: 200, body: { ok: true }, headers: {} })
 * // { kind: 'response', status: 200, headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }
 * renderAnswer({ status: 204, body: null, headers: {} }) // { kind: 'response', status: 204, headers: {}, body: '' }
 */
export function renderAnswer(answer: TwinAnswer, delayMs?: number): ResponseView {
  return renderJson(answer.status, answer.body, answer.headers, delayMs)
}

/**
 * A JSON answer of the caller's own making (a fault that replaces the twin's
 * answer), rendered like a twin's answer.
 * @example
 * renderJson(503, { error: 'service_unavailable' }, { 'retry-after': '2' })
 */
export function renderJson(
  status: number,
  body: JsonValue,
  headers: Record<string, string> = {},
  delayMs?: number,
): ResponseView {
  const typed: Record<string, string> = body === null ? {} : { 'content-type': JSON_CONTENT_TYPE }
  return {
    kind: 'response',
    status,
    headers: mergeHeaders(typed, headers),
    body: body === null ? '' : JSON.stringify(body),
    ...(delayMs ? { delayMs } : {}),
  }
}
