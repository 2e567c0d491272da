/** The in-process transport: one twin call, and the caller view as a function's return or throw. */

import type { CallerView } from '../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { waitUnlessAborted } from '../core/wait.ts'
import { callerText, parseBody } from '../twin/call-view.ts'
import { answerCall } from '../twin/create-twin.ts'
import type { Twin } from '../twin/types.ts'
import { TwinToolError } from './errors.ts'

/** How an in-process tool is called, beside its arguments. */
export interface ToolCallOptions {
  /** The caller's abort signal: ends a fault's delay or a missing answer, as it ends a `fetch`. */
  signal?: AbortSignal
  /** The attempt this call is (the `x-agenttwin-attempt` header of HTTP). Default 1. */
  attempt?: number
}

/**
 * Calls one tool of a twin in-process, through the same `twin.call()` as HTTP
 * and MCP (validation, idempotency, effect keys, faults, records marked
 * `transport: 'in-process'`), and shows the caller what a function shows:
 * a 2xx answer's body is returned (parsed JSON, or the text); a 4xx/5xx, a
 * connection error or a truncated answer throws a {@link TwinToolError}
 * whose message is the body a model reads; a fault's delay is waited out and
 * a missing answer waits until `signal` aborts, then rejects with its reason.
 *
 * @example
 * const order = await callTwinTool(twin, 'lookup_order', { order_id: 'ORD-1001' })
 */
export async function callTwinTool(
  twin: Twin,
  tool: string,
  args: unknown,
  options: ToolCallOptions = {},
): Promise<JsonValue> {
  const plain = plainArguments(tool, args)
  const view = answerCall(twin, {
    tool,
    args: plain,
    transport: 'in-process',
    ...(options.attempt !== undefined && { attempt: options.attempt }),
  })
  return showCaller(tool, view, options.signal)
}

/**
 * Arguments as JSON data: a framework hands back a `Record<string, unknown>`
 * parsed from the model's JSON; anything that does not survive JSON is refused
 * before it reaches the twin, as an HTTP gateway refuses a body that is not a
 * JSON object (and, like it, leaves no record).
 */
function plainArguments(tool: string, args: unknown): JsonObject {
  const value = args === undefined ? {} : args
  let copy: unknown
  try {
    copy = JSON.parse(JSON.stringify(value))
  } catch (error) {
    copy = error instanceof Error ? error.message : String(error)
  }
  if (typeof copy === 'object' && copy !== null && !Array.isArray(copy)) return copy as JsonObject
  const body = {
    error: 'invalid_body',
    message: `The arguments of "${tool}" must be a JSON object.`,
    fix: 'Call the tool with an object of named arguments (see its input schema).',
  }
  throw new TwinToolError({ tool, status: 400, body, text: JSON.stringify(body) })
}

async function showCaller(
  tool: string,
  view: CallerView,
  signal: AbortSignal | undefined,
): Promise<JsonValue> {
  if (view.kind === 'no-response') {
    await waitUnlessAborted(Number.POSITIVE_INFINITY, [signal])
    throw abortReason(signal)
  }
  if (view.delayMs !== undefined && view.delayMs > 0) {
    if (!(await waitUnlessAborted(view.delayMs, [signal]))) throw abortReason(signal)
  }
  const text = callerText(view)
  if (view.kind === 'connection-error') {
    throw new TwinToolError({ tool, status: null, body: null, connection: view.code, text })
  }
  const body = parseBody(view.body)
  if (view.declaredLength !== undefined) {
    throw new TwinToolError({ tool, status: view.status, body, truncated: true, text })
  }
  if (view.status >= 400) throw new TwinToolError({ tool, status: view.status, body, text })
  return body
}

/** What an aborted wait rejects with: the signal's reason, as `fetch` rejects. */
function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('This operation was aborted', 'AbortError')
}
