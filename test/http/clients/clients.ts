/**
 * The Node HTTP clients agents use, each reduced to what its caller can
 * observe of one call: a status and body, a body that broke off, or an error
 * code. Every client is pinned as a dev dependency.
 */
import { Writable } from 'node:stream'
import axios from 'axios'
import got from 'got'
import ky from 'ky'
import nodeFetch from 'node-fetch'
import { Agent, Client, Pool, pipeline, request, stream, fetch as undiciFetch } from 'undici'
import { nodeRequest } from '../support/clients.ts'

export interface Call {
  method: 'GET' | 'POST'
  url: string
  body?: string
}

/** What the caller saw. `truncated`: a status arrived, then reading the body failed. */
export interface Observation {
  status?: number
  body?: string
  truncated?: boolean
  code?: string
}

function codeOf(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (typeof e.code === 'string' && /^E[A-Z]+$/.test(e.code)) return e.code
  }
  return undefined
}

const headers = { 'content-type': 'application/json' }

interface ResponseLike {
  status: number
  text(): Promise<string>
}

async function fetchLike(send: () => Promise<ResponseLike>): Promise<Observation> {
  let response: ResponseLike
  try {
    response = await send()
  } catch (error) {
    return { code: codeOf(error) }
  }
  try {
    return { status: response.status, body: await response.text() }
  } catch (error) {
    return { status: response.status, truncated: true, code: codeOf(error) }
  }
}

async function undiciLike(
  send: () => Promise<{ statusCode: number; body: { text(): Promise<string> } }>,
): Promise<Observation> {
  return fetchLike(async () => {
    const response = await send()
    return { status: response.statusCode, text: () => response.body.text() }
  })
}

async function axiosWith(adapter: 'http' | 'fetch', call: Call): Promise<Observation> {
  try {
    const response = await axios.request({
      url: call.url,
      method: call.method,
      data: call.body,
      headers,
      adapter,
      responseType: 'text',
      transformResponse: (data: unknown) => data,
      validateStatus: () => true,
    })
    return { status: response.status, body: String(response.data) }
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status
    return status === undefined
      ? { code: codeOf(error) }
      : { status, truncated: true, code: codeOf(error) }
  }
}

async function collected(
  run: (sink: (status: number) => Writable) => Promise<unknown>,
): Promise<Observation> {
  let status: number | undefined
  let text = ''
  try {
    await run((statusCode) => {
      status = statusCode
      return new Writable({
        write(chunk, _encoding, done) {
          text += chunk.toString()
          done()
        },
      })
    })
    return { status, body: text }
  } catch (error) {
    return status === undefined
      ? { code: codeOf(error) }
      : { status, truncated: true, code: codeOf(error) }
  }
}

export const clients: Record<string, (call: Call) => Promise<Observation>> = {
  'global fetch': (call) =>
    fetchLike(() => fetch(call.url, { method: call.method, headers, body: call.body })),
  'node:http(s)': async (call) => {
    const seen = await nodeRequest(call.url, { method: call.method, headers, body: call.body })
    if (seen.status === undefined) return { code: seen.error?.code }
    if (seen.aborted || seen.error)
      return { status: seen.status, truncated: true, code: seen.error?.code }
    return { status: seen.status, body: seen.body }
  },
  'undici request': (call) =>
    undiciLike(() => request(call.url, { method: call.method, headers, body: call.body })),
  'undici fetch': (call) =>
    fetchLike(() => undiciFetch(call.url, { method: call.method, headers, body: call.body })),
  'undici stream': (call) =>
    collected((sink) =>
      stream(call.url, { method: call.method, headers, body: call.body }, ({ statusCode }) =>
        sink(statusCode),
      ),
    ),
  'undici pipeline': (call) =>
    collected(
      (sink) =>
        new Promise((resolve, reject) => {
          let out: Writable | undefined
          const duplex = pipeline(
            call.url,
            { method: call.method, headers },
            ({ statusCode, body }) => {
              out = sink(statusCode)
              return body
            },
          )
          duplex.on('data', (chunk) => out?.write(chunk))
          duplex.on('end', resolve).on('error', reject)
          duplex.end(call.body)
        }),
    ),
  'undici Agent': (call) =>
    undiciLike(() =>
      request(call.url, { method: call.method, headers, body: call.body, dispatcher: new Agent() }),
    ),
  'undici Pool': (call) => {
    const url = new URL(call.url)
    return undiciLike(() =>
      new Pool(url.origin).request({
        path: url.pathname,
        method: call.method,
        headers,
        body: call.body,
      }),
    )
  },
  'undici Client': (call) => {
    const url = new URL(call.url)
    return undiciLike(() =>
      new Client(url.origin).request({
        path: url.pathname,
        method: call.method,
        headers,
        body: call.body,
      }),
    )
  },
  'axios (http adapter)': (call) => axiosWith('http', call),
  'axios (fetch adapter)': (call) => axiosWith('fetch', call),
  got: async (call) => {
    try {
      const response = await got(call.url, {
        method: call.method,
        headers,
        ...(call.body === undefined ? {} : { body: call.body }),
        retry: { limit: 0 },
        throwHttpErrors: false,
      })
      return { status: response.statusCode, body: response.body }
    } catch (error) {
      const status = (error as { response?: { statusCode?: number } }).response?.statusCode
      return status === undefined
        ? { code: codeOf(error) }
        : { status, truncated: true, code: codeOf(error) }
    }
  },
  ky: (call) =>
    fetchLike(() =>
      ky(call.url, {
        method: call.method,
        headers,
        body: call.body,
        retry: 0,
        throwHttpErrors: false,
        timeout: false,
      }),
    ),
  'node-fetch': (call) =>
    fetchLike(() => nodeFetch(call.url, { method: call.method, headers, body: call.body })),
}
