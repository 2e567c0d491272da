import type { JsonObject, JsonValue } from '../../../src/core/json.ts'

/** Why a tool call did not give a usable answer, as far as the caller can tell. */
export type ToolFailure =
  /** No answer in time, or a gateway timeout: the effect may or may not have happened. */
  | 'timeout'
  /** The connection broke: the effect may or may not have happened. */
  | 'connection'
  /** 5xx other than a gateway timeout. */
  | 'server'
  | 'throttled'
  /** 401 / 403: the agent's own credentials were refused; nothing happened. */
  | 'auth'
  | 'not-found'
  /** A 4xx the tool gave on purpose (invalid input, a business rule). */
  | 'rejected'
  /** A 2xx whose body could not be read as JSON. */
  | 'unreadable'

/** What the agent saw of one call. */
export interface ToolReply {
  status: number | null
  body: JsonValue
  failure?: ToolFailure
}

/** One call as the agent service reports it in its answer (testimony). */
export interface ReportedToolCall {
  tool: string
  args: JsonObject
  status: number | null
  attempt: number
}

export interface ToolClientOptions {
  baseUrl: string
  /** The case's signal: when it fires the whole request is abandoned. */
  signal: AbortSignal
  /** How long one tool call may take before the agent gives up on it. */
  timeoutMs: number
}

/** Error texts of `fetch` for a broken connection (undici puts the code on `cause`). */
const CONNECTION_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'UND_ERR_SOCKET'])

/** What the planner needs of a tool client, whatever the transport. */
export type ToolCaller = Pick<ToolClient, 'call' | 'calls'>

/**
 * Calls the agent's tools over HTTP: `POST {baseUrl}/tools/{name}` with a JSON
 * body, `x-agenttwin-attempt` on retries. Keeps its own list of calls.
 *
 * @example
 * const tools = new ToolClient({ baseUrl, signal, timeoutMs: 5000 })
 * const reply = await tools.call('lookup_order', { order_id: 'ORD-1001' })
 */
export class ToolClient {
  readonly calls: ReportedToolCall[] = []
  readonly #options: ToolClientOptions

  constructor(options: ToolClientOptions) {
    this.#options = options
  }

  async call(tool: string, args: JsonObject, attempt = 1): Promise<ToolReply> {
    const reply = await this.#send(tool, args, attempt)
    this.calls.push({ tool, args, status: reply.status, attempt })
    return reply
  }

  async #send(tool: string, args: JsonObject, attempt: number): Promise<ToolReply> {
    const { baseUrl, signal, timeoutMs } = this.#options
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (attempt > 1) headers['x-agenttwin-attempt'] = String(attempt)
    const url = `${baseUrl.replace(/\/+$/, '')}/tools/${tool}`
    // A controller and a timer we hold ourselves: on Node 20, a timeout signal
    // inside AbortSignal.any() can be garbage-collected before it fires
    // (nodejs/node#57736), leaving a hanging call hanging.
    const call = new AbortController()
    const timer = setTimeout(
      () =>
        call.abort(new DOMException(`${tool} took longer than ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    )
    const forward = () => call.abort(signal.reason)
    signal.addEventListener('abort', forward, { once: true })
    try {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(args),
          signal: call.signal,
        })
      } catch (error) {
        return { status: null, body: null, failure: this.#transportFailure(error) }
      }
      let text: string
      try {
        text = await response.text()
      } catch (error) {
        if (signal.aborted) throw error
        // A body cut short: the tool answered, but we cannot know what it said.
        return { status: response.status, body: null, failure: 'unreadable' }
      }
      const body = parseJson(text)
      const failure = classifyStatus(response.status, body !== undefined)
      const reply: ToolReply = { status: response.status, body: body ?? text }
      if (failure) reply.failure = failure
      return reply
    } finally {
      clearTimeout(timer)
      signal.removeEventListener('abort', forward)
    }
  }

  /** Classifies a thrown error; rethrows when the case itself was aborted. */
  #transportFailure(error: unknown): ToolFailure {
    if (this.#options.signal.aborted) throw error
    const code = (error as { cause?: { code?: unknown } })?.cause?.code
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return 'connection'
    if (error instanceof Error && error.name === 'TimeoutError') return 'timeout'
    return 'connection'
  }
}

export function parseJson(text: string): JsonValue | undefined {
  if (text === '') return null
  try {
    return JSON.parse(text) as JsonValue
  } catch {
    return undefined
  }
}

export function classifyStatus(status: number, parsed: boolean): ToolFailure | undefined {
  if (status === 504 || status === 408) return 'timeout'
  if (status === 429) return 'throttled'
  if (status === 401 || status === 403) return 'auth'
  if (status === 404) return 'not-found'
  if (status >= 500) return 'server'
  if (status >= 400) return 'rejected'
  return parsed ? undefined : 'unreadable'
}
