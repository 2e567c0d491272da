import type { JudgeFailureKind } from './types.ts'

/** Transport settings shared by the HTTP judges. */
export interface HttpJudgeTransport {
  /** Abort the call after this long; default 30 000 ms. A timeout is an `ERROR`, not a fail. */
  timeoutMs?: number
  /** Default: the global `fetch` at call time (so MSW and other interceptors see the call). */
  fetch?: typeof fetch
}

export const DEFAULT_TIMEOUT_MS = 30_000

export type HttpAnswer =
  | { ok: true; body: unknown }
  | { ok: false; failure: JudgeFailureKind; message: string }

interface PostOptions extends HttpJudgeTransport {
  /** Names the provider in messages, e.g. `anthropic/claude-sonnet-4-5`. */
  who: string
  signal?: AbortSignal
}

/**
 * POSTs JSON and maps every way the call can go wrong to a failure kind:
 * connection error and 5xx → `unavailable`, 429 → `throttled`, no answer in time →
 * `timeout`, other non-2xx → `http-error`, a 2xx body that is not JSON → `malformed`.
 */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  payload: unknown,
  options: PostOptions,
): Promise<HttpAnswer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  // An own controller and timer rather than AbortSignal.any(AbortSignal.timeout()):
  // on Node 20 the composed timeout signal can be collected before it fires.
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  const forwardAbort = () => controller.abort(options.signal?.reason)
  if (options.signal?.aborted) forwardAbort()
  else options.signal?.addEventListener('abort', forwardAbort, { once: true })
  const signal = controller.signal
  const doFetch = options.fetch ?? globalThis.fetch
  const who = options.who
  let status: number
  let text: string
  let retryAfter: string | null
  try {
    // No hole in the network guard of its own: about a case, `fetch` is that
    // case's model traffic, recorded and replayed like the agent's.
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(payload),
      signal,
    })
    status = response.status
    retryAfter = response.headers.get('retry-after')
    text = await response.text()
  } catch (error) {
    if (timedOut) {
      return {
        ok: false,
        failure: 'timeout',
        message: `judge ${who} gave no answer within ${timeoutMs} ms (timeout)`,
      }
    }
    if (options.signal?.aborted) {
      return { ok: false, failure: 'unavailable', message: `the call to judge ${who} was aborted` }
    }
    return {
      ok: false,
      failure: 'unavailable',
      message: `judge ${who} is unreachable at ${url}: ${describeError(error)}`,
    }
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', forwardAbort)
  }
  if (status === 429) {
    const wait = retryAfter ? `, retry after ${retryAfter} s` : ''
    return {
      ok: false,
      failure: 'throttled',
      message: `judge ${who} is throttled (HTTP 429${wait}): ${providerMessage(text)}`,
    }
  }
  if (status < 200 || status > 299) {
    const down = status >= 500
    return {
      ok: false,
      failure: down ? 'unavailable' : 'http-error',
      message: `judge ${who} answered HTTP ${status}${down ? ' (the service is down or overloaded)' : ''}: ${providerMessage(text)}`,
    }
  }
  try {
    return { ok: true, body: JSON.parse(text) }
  } catch {
    return {
      ok: false,
      failure: 'malformed',
      message: `judge ${who} answered HTTP ${status} with a body that is not JSON: ${clip(text)}`,
    }
  }
}

/** Both providers put a readable message at `error.message`; fall back to the raw body. */
function providerMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } }
    if (typeof body?.error?.message === 'string') return body.error.message
  } catch {
    // not JSON: show the text itself
  }
  return text.trim() ? clip(text) : '(empty body)'
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code
    return `${error.message} (${typeof code === 'string' ? `${code}: ` : ''}${cause.message})`
  }
  return error.message
}

export function clip(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}
