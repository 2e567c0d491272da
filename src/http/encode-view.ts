import { HttpResponse } from 'msw'
import type { CallerView } from '../core/fault-model.ts'
import { nodeClientRequest, type WaitEnd, waitForCaller } from './caller.ts'
import { InvalidCallerViewError } from './errors.ts'
import { networkErrorResponse } from './fetch-failure.ts'
import { type ConnectionErrorCode, systemError, terminatedError } from './system-errors.ts'

type ResponseView = Extract<CallerView, { kind: 'response' }>

/** Statuses whose responses cannot carry a body (Fetch spec). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

export interface EncodeContext {
  request: Request
  /** The tool the view belongs to, for error messages. */
  tool: string
  /** Aborted when the owner goes away; pending waits then fail like a dropped connection. */
  lifetime?: AbortSignal
}

/**
 * The answer when nobody is listening any more (the caller aborted or its
 * request was destroyed): the request is already settled, msw drops it.
 */
function nobodyListens(): Response {
  return Response.error()
}

/**
 * Fails the connection the way each client shows it: a `node:http` request
 * is destroyed with the system error (its 'error' event gets `err.code`);
 * `fetch` gets a network error that rejects with the error as `cause`.
 */
export function failConnection(request: Request, code: ConnectionErrorCode): Response {
  const error = systemError(code, new URL(request.url))
  const client = nodeClientRequest(request)
  if (client) {
    client.destroy(error)
    return nobodyListens()
  }
  return networkErrorResponse(error)
}

function afterWait(end: WaitEnd, request: Request): Response | undefined {
  if (end === 'elapsed') return undefined
  // A server that goes away mid-request resets the connection.
  return end === 'released' ? failConnection(request, 'ECONNRESET') : nobodyListens()
}

/**
 * A body that delivers `bytes` and then fails, as a connection does when it
 * closes before the announced Content-Length arrived. The error comes on the
 * read after the bytes, so a `node:http` caller receives them before the
 * socket closes (its response emits 'aborted' and 'error'), and `fetch`'s
 * `res.text()` / `res.json()` reject with undici's `TypeError: terminated`.
 */
function truncatedBody(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let delivered = false
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      // Even zero bytes are enqueued: writing them makes node:http send the status line first.
      if (!delivered) {
        delivered = true
        controller.enqueue(bytes)
        return
      }
      controller.error(terminatedError())
    },
  })
}

/** msw's `HttpResponse` also takes statuses `Response` refuses (1xx, 204 with a body dropped). */
function responseFor(view: ResponseView, tool: string): Response {
  if (view.declaredLength === undefined) {
    // HttpResponse builds its Headers from the record itself: one Headers per answer, not two.
    return new HttpResponse(view.body, { status: view.status, headers: view.headers })
  }
  const headers = new Headers(view.headers)
  const bytes = new TextEncoder().encode(view.body)
  if (NULL_BODY_STATUSES.has(view.status)) {
    throw new InvalidCallerViewError(tool, `status ${view.status} has no body to truncate`)
  }
  if (!Number.isSafeInteger(view.declaredLength) || view.declaredLength <= bytes.byteLength) {
    throw new InvalidCallerViewError(
      tool,
      `declaredLength ${view.declaredLength} must be an integer larger than the ${bytes.byteLength} body bytes that arrive`,
    )
  }
  headers.set('content-length', String(view.declaredLength))
  return new HttpResponse(truncatedBody(bytes), { status: view.status, headers })
}

/**
 * Encodes what the caller of a tool must see (a `CallerView`, rendered once
 * by `core/render-answer.ts` or a fault) as HTTP, for `fetch` and `node:http`
 * alike; it renders no body of its own: a response (after `delayMs`, truncated when `declaredLength` is
 * more than the body), a connection error with an errno-style `code`, or no
 * answer at all until the caller's own abort signal fires.
 *
 * @example
 * const { view } = twin.call({ tool: 'refund_payment', args, attempt })
 * return encodeView(view, { request, tool: 'refund_payment' })
 */
export async function encodeView(view: CallerView, context: EncodeContext): Promise<Response> {
  const { request, lifetime } = context
  if (view.kind === 'no-response') {
    return afterWait(await waitForCaller(request, { lifetime }), request) ?? nobodyListens()
  }
  if (view.delayMs !== undefined && view.delayMs > 0) {
    const early = afterWait(await waitForCaller(request, { ms: view.delayMs, lifetime }), request)
    if (early) return early
  }
  if (view.kind === 'connection-error') return failConnection(request, view.code)
  return responseFor(view, context.tool)
}
