import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { type ServedTwin, serveTwin } from '../../../src/public/server.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { postJson } from '../support/clients.ts'
import { shopDocument } from '../support/shop-twin.ts'

const served: ServedTwin[] = []

afterEach(async () => {
  await Promise.all(served.splice(0).map((server) => server.close()))
})

async function serve(options: Parameters<typeof serveTwin>[1] = {}): Promise<ServedTwin> {
  const server = await serveTwin(shopDocument, options)
  served.push(server)
  return server
}

/** A raw request with full control of method, Host and headers (fetch forbids some). */
function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers })
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

describe('request bodies', () => {
  it('refuses a body over the limit with a readable 413 and records nothing', async () => {
    const server = await serve({ maxBodyBytes: 1000 })
    const big = JSON.stringify({ order_id: 'ORD-1001', amount: 40, note: 'x'.repeat(5000) })
    const res = await postJson(`${server.url}/tools/refund_payment`, JSON.parse(big))
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({
      error: 'body_too_large',
      message: expect.stringContaining('larger than 1000 bytes'),
    })
    expect(server.records()).toEqual([])
  })

  it('refuses a body that grows past the limit without announcing its length', async () => {
    const server = await serve({ maxBodyBytes: 1000 })
    const res = await raw(`${server.url}/tools/refund_payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: `{"order_id":"ORD-1001","amount":40,"note":"${'y'.repeat(4000)}"}`,
    })
    expect(res.status).toBe(413)
    expect(server.records()).toEqual([])
  })

  it('answers a 100,000-level-deep JSON body with 400, not 500', async () => {
    const server = await serve()
    const deep = `{"order_id":"ORD-1001","amount":40,"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    const res = await raw(`${server.url}/tools/refund_payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: deep,
    })
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({
      error: 'body_too_deep',
      message: expect.stringContaining('more than 64 levels deep'),
    })
  })

  it('answers TRACE with 405', async () => {
    const server = await serve()
    const res = await raw(`${server.url}/orders/ORD-1001`, { method: 'TRACE' })
    expect(res.status).toBe(405)
    expect(JSON.parse(res.body)).toMatchObject({ error: 'method_not_allowed' })
  })
})

describe('the inspection endpoints', () => {
  it('need the run token: 401 without it, 200 with it', async () => {
    const server = await serve()
    expect(server.inspectionToken).toMatch(/^[0-9a-f]{32}$/)
    const origin = new URL(server.url).origin
    expect((await fetch(`${origin}/__agenttwin/state`)).status).toBe(401)
    expect(
      (await fetch(`${origin}/__agenttwin/state`, { headers: { authorization: 'Bearer nope' } }))
        .status,
    ).toBe(401)
    const ok = await fetch(`${origin}/__agenttwin/state`, {
      headers: { authorization: `Bearer ${server.inspectionToken}` },
    })
    expect(ok.status).toBe(200)
  })

  it('refuse a Host that does not name the server (DNS rebinding), even with the token', async () => {
    const server = await serve()
    const res = await raw(`${new URL(server.url).origin}/__agenttwin/records`, {
      headers: { host: 'evil.example:80', authorization: `Bearer ${server.inspectionToken}` },
    })
    expect(res.status).toBe(403)
    expect(normaliseText(JSON.parse(res.body).message)).toMatchInlineSnapshot(
      `"Host "evil.example:80" does not name this server, so the request may come from a page that rebound a domain to it."`,
    )
  })

  it('refuse a cross-origin text/plain POST to reset, and keep the state', async () => {
    const server = await serve({ inspectionToken: false })
    await postJson(`${server.url}/tools/refund_payment`, { order_id: 'ORD-1001', amount: 40 })
    const res = await raw(`${new URL(server.url).origin}/__agenttwin/reset`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(res.status).toBe(403)
    expect(server.records()).toHaveLength(1)
  })

  it('can be opened to local scripts with inspectionToken: false', async () => {
    const server = await serve({ inspectionToken: false })
    expect(server.inspectionToken).toBeUndefined()
    expect((await fetch(`${new URL(server.url).origin}/__agenttwin/state`)).status).toBe(200)
  })

  it('page the records, with the total in X-Total-Count', async () => {
    const server = await serve({ inspectionToken: false })
    for (const id of ['ORD-1001', 'ORD-1002', 'ORD-1001']) await fetch(`${server.url}/orders/${id}`)
    const origin = new URL(server.url).origin
    const page = await fetch(`${origin}/__agenttwin/records?offset=1&limit=1`)
    expect(page.headers.get('x-total-count')).toBe('3')
    const records = (await page.json()) as Array<{ seq: number }>
    expect(records.map((record) => record.seq)).toEqual([2])
    const all = (await (await fetch(`${origin}/__agenttwin/records`)).json()) as unknown[]
    expect(all).toHaveLength(3)
    expect((await fetch(`${origin}/__agenttwin/records?limit=-1`)).status).toBe(400)
  })
})

describe('slow clients', () => {
  it('closes connections that never finish their headers, and keeps serving others', async () => {
    const server = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600 })
    const { port } = new URL(server.url)
    const closed = Array.from(
      { length: 20 },
      () =>
        new Promise<string>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () => {
            socket.write('GET /orders/ORD-1001 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
          })
          socket.on('error', () => undefined)
          socket.resume()
          socket.on('end', () => resolve('closed by the server'))
        }),
    )
    const res = await fetch(`${server.url}/orders/ORD-1001`)
    expect(res.status).toBe(200)
    expect(new Set(await Promise.all(closed))).toEqual(new Set(['closed by the server']))
  })
})
