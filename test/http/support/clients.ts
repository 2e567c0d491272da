import type { IncomingHttpHeaders, RequestOptions } from 'node:http'
import http from 'node:http'
import https from 'node:https'

/** Everything a `node:http` caller observed of one request. */
export interface NodeOutcome {
  status?: number
  headers?: IncomingHttpHeaders
  /** The body bytes that arrived, as text. */
  body: string
  /** The response emitted 'aborted' (the connection closed mid-body). */
  aborted: boolean
  /** The request's 'error', or the response's. */
  error?: NodeJS.ErrnoException
}

export interface NodeRequest {
  method?: string
  headers?: Record<string, string>
  body?: string
  /** Destroys the request after this many ms without an answer. */
  timeoutMs?: number
}

/**
 * Sends one request with `node:http` / `node:https` and resolves with what the
 * caller observed, whatever happened (it never rejects).
 */
export function nodeRequest(url: string, init: NodeRequest = {}): Promise<NodeOutcome> {
  const client = url.startsWith('https:') ? https : http
  return new Promise((resolve) => {
    const outcome: NodeOutcome = { body: '', aborted: false }
    let settled = false
    const settle = () => {
      if (settled) return
      settled = true
      resolve(outcome)
    }
    const options: RequestOptions = { method: init.method ?? 'GET', headers: init.headers }
    if (init.timeoutMs !== undefined) options.timeout = init.timeoutMs
    const request = client.request(url, options, (response) => {
      outcome.status = response.statusCode
      outcome.headers = response.headers
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        outcome.body += chunk
      })
      response.on('aborted', () => {
        outcome.aborted = true
      })
      response.on('error', (error) => {
        outcome.error = error
        settle()
      })
      response.on('end', settle)
      response.on('close', settle)
    })
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('client timeout'), { code: 'CLIENT_TIMEOUT' })),
    )
    request.on('error', (error) => {
      outcome.error = error
      settle()
    })
    request.end(init.body)
  })
}

/** `fetch` with a JSON body, the way agents call tools. */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}
