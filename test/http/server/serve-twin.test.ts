import { afterEach, describe, expect, it } from 'vitest'
import type { CallRecord } from '../../../src/core/call-record.ts'
import { fault } from '../../../src/faults/index.ts'
import {
  type ServedTwin,
  ServeTwinOptionsError,
  serveTwin,
  TwinServerListenError,
} from '../../../src/public/server.ts'
import { createTwin } from '../../../src/twin/index.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { nodeRequest, postJson } from '../support/clients.ts'
import { createShop, shopDocument } from '../support/shop-twin.ts'

const REFUND = { order_id: 'ORD-1001', amount: 40 }

const served: ServedTwin[] = []

afterEach(async () => {
  await Promise.all(served.splice(0).map((server) => server.close()))
})

async function serve(...args: Parameters<typeof serveTwin>): Promise<ServedTwin> {
  const server = await serveTwin(...args)
  served.push(server)
  return server
}

function refundCount(state: Record<string, unknown>): unknown {
  const orders = state.orders as Record<string, { refund_count: number }>
  return orders['ORD-1001']?.refund_count
}

describe('serveTwin', () => {
  it('listens on a free loopback port and answers tool calls like the msw path', async () => {
    const server = await serve(shopDocument)
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.tools.map((tool) => `${tool.method} ${tool.url}`)).toContain(
      `GET ${server.url}/orders/:order_id`,
    )

    const read = await fetch(`${server.url}/orders/ORD-1002`)
    expect(read.status).toBe(200)
    expect(read.headers.get('content-type')).toBe('application/json')
    expect(read.headers.get('date')).toBeNull()
    expect(await read.json()).toMatchObject({ order_id: 'ORD-1002', status: 'shipped' })

    const refund = await postJson(`${server.url}/tools/refund_payment`, REFUND, {
      'x-agenttwin-attempt': '2',
    })
    expect(await refund.json()).toEqual({ status: 'succeeded', order_id: 'ORD-1001', amount: 40 })

    const records = server.records()
    expect(records.map((record) => [record.seq, record.tool, record.status])).toEqual([
      [1, 'lookup_order', 200],
      [2, 'refund_payment', 200],
    ])
    expect(records[1]).toMatchObject({ attempt: 2, args: REFUND })
    expect(refundCount(server.state())).toBe(1)
  })

  it('refuses bad requests before they reach a tool, unrecorded, as the msw path does', async () => {
    const server = await serve(shopDocument)
    const notJson = await fetch(`${server.url}/tools/refund_payment`, {
      method: 'POST',
      body: '[1, 2]',
    })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toMatchObject({ error: 'body_not_an_object' })

    const unknown = await fetch(`${server.url}/tools/nope`, { method: 'POST', body: '{}' })
    expect(unknown.status).toBe(404)
    const body = (await unknown.json()) as { tools: Array<{ url: string }> }
    expect(body.tools.map((tool) => tool.url)).toContain(`${server.url}/tools/refund_payment`)

    const wrongMethod = await fetch(`${server.url}/orders/ORD-1001`, { method: 'PUT', body: '{}' })
    expect(wrongMethod.status).toBe(405)
    expect(wrongMethod.headers.get('allow')).toMatchInlineSnapshot(`"GET, PATCH, DELETE"`)

    const invalid = await postJson(`${server.url}/tools/refund_payment`, { order_id: 7 })
    expect(invalid.status).toBe(400)
    expect(server.records().map((record) => record.status)).toEqual([400])
  })

  it('serves a twin whose base URL has a path under that path only', async () => {
    const server = await serve({
      ...shopDocument,
      http: { baseUrl: 'https://shop.agenttwin.invalid/api/v2' },
    })
    expect(server.url).toMatch(/:\d+\/api\/v2$/)
    expect((await fetch(`${server.url}/orders/ORD-1001`)).status).toBe(200)
    const outside = await fetch(server.url.replace('/api/v2', '/api/v2x/orders/ORD-1001'))
    expect(outside.status).toBe(404)
    expect(await outside.json()).toMatchObject({ error: 'unknown_tool_route' })
    expect(server.records()).toHaveLength(1)
  })

  it('applies state overrides and reports each call to onCall as it is made', async () => {
    const calls: CallRecord[] = []
    const server = await serve(shopDocument, {
      state: { orders: { 'ORD-1001': { refund_count: 5 } } },
      onCall: (record) => calls.push(record),
    })
    await postJson(`${server.url}/tools/refund_payment`, REFUND)
    expect(refundCount(server.state())).toBe(6)
    expect(calls.map((record) => record.tool)).toEqual(['refund_payment'])
  })
})

describe('inspection endpoints', () => {
  it('GET records and state, POST reset; none of them is recorded', async () => {
    const server = await serve(shopDocument, {
      faults: [fault('server_error').on('refund_payment').at(1)],
    })
    const base = new URL(server.url).origin
    const auth = { headers: { authorization: `Bearer ${server.inspectionToken}` } }
    expect((await postJson(`${server.url}/tools/refund_payment`, REFUND)).status).toBe(500)
    expect((await postJson(`${server.url}/tools/refund_payment`, REFUND)).status).toBe(200)

    const records = (await (
      await fetch(`${base}/__agenttwin/records`, auth)
    ).json()) as CallRecord[]
    expect(records.map((record) => [record.status, record.fault?.type])).toEqual([
      [500, 'server_error'],
      [200, undefined],
    ])
    const state = await (await fetch(`${base}/__agenttwin/state`, auth)).json()
    expect(refundCount(state as Record<string, unknown>)).toBe(1)

    const reset = await fetch(`${base}/__agenttwin/reset`, { method: 'POST', ...auth })
    expect(await reset.json()).toEqual({ reset: true })
    expect(server.records()).toEqual([])
    expect(refundCount(server.state())).toBe(0)
    // Fault counters restart too: call 1 fails again.
    expect((await postJson(`${server.url}/tools/refund_payment`, REFUND)).status).toBe(500)

    const info = (await (await fetch(`${base}/__agenttwin`, auth)).json()) as { twin: unknown }
    expect(info.twin).toEqual({ name: 'shop', version: '1.0.0' })
    const wrong = await fetch(`${base}/__agenttwin/reset`, auth)
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('POST')
    expect((await fetch(`${base}/__agenttwin/nothing`, auth)).status).toBe(404)
    expect(server.records()).toHaveLength(1)
  })
})

describe('fault views over a real connection', () => {
  it('connection error: the connection is reset (fetch and node:http see ECONNRESET)', async () => {
    const server = await serve(shopDocument, {
      faults: [fault('reset_after_effect').on('refund_payment')],
    })
    const error = await postJson(`${server.url}/tools/refund_payment`, REFUND).catch(
      (reason: unknown) => reason,
    )
    expect(error).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } })

    const outcome = await nodeRequest(`${server.url}/tools/refund_payment`, {
      method: 'POST',
      body: JSON.stringify(REFUND),
    })
    expect(outcome.status).toBeUndefined()
    expect(outcome.error?.code).toBe('ECONNRESET')
    // Both facts: the effect happened twice; the caller saw no status either time.
    expect(refundCount(server.state())).toBe(2)
    expect(server.records().map((record) => record.status)).toEqual([null, null])
  })

  it('truncated body: the full Content-Length is announced, then the connection closes early', async () => {
    const server = await serve(shopDocument, {
      faults: [fault('partial_response').on('refund_payment').with({ cutAt: 12 })],
    })
    const full = JSON.stringify({ status: 'succeeded', order_id: 'ORD-1001', amount: 40 })

    const res = await postJson(`${server.url}/tools/refund_payment`, REFUND)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(full)))
    const error = await res.text().catch((reason: unknown) => reason)
    expect(error).toMatchObject({ message: 'terminated' })

    const outcome = await nodeRequest(`${server.url}/tools/refund_payment`, {
      method: 'POST',
      body: JSON.stringify(REFUND),
    })
    expect(outcome.status).toBe(200)
    expect(outcome.body).toBe(full.slice(0, 12))
    expect(outcome.aborted).toBe(true)
    expect(refundCount(server.state())).toBe(2)
  })

  it('truncated to nothing: the status arrives, the body read fails', async () => {
    const server = await serve(shopDocument, {
      faults: [fault('partial_response').on('refund_payment').with({ cutAt: 0 })],
    })
    const res = await postJson(`${server.url}/tools/refund_payment`, REFUND)
    expect(res.status).toBe(200)
    await expect(res.text()).rejects.toThrow('terminated')
  })

  it('no response: the request is held until the client gives up, then the twin has recorded it', async () => {
    const server = await serve(shopDocument, {
      faults: [fault('timeout_after_mutation').on('refund_payment').with({ hang: true })],
    })
    const started = performance.now()
    const error = await fetch(`${server.url}/tools/refund_payment`, {
      method: 'POST',
      body: JSON.stringify(REFUND),
      signal: AbortSignal.timeout(150),
    }).catch((reason: unknown) => reason)
    expect(error).toMatchObject({ name: 'TimeoutError' })
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
    expect(server.records()[0]).toMatchObject({
      status: null,
      fault: { caller: { kind: 'no-response' } },
    })
    expect(refundCount(server.state())).toBe(1)

    // The server still answers the next call on a fresh connection.
    expect((await fetch(`${server.url}/orders/ORD-1001`)).status).toBe(200)
  })

  it('a held request is reset when the server closes', async () => {
    const server = await serveTwin(shopDocument, {
      faults: [fault('timeout_before_effect').on('refund_payment').with({ hang: true })],
    })
    const pending = postJson(`${server.url}/tools/refund_payment`, REFUND).catch(
      (reason: unknown) => reason,
    )
    await until(() => server.records().length === 1)
    await server.close()
    await server.close()
    expect(await pending).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } })
  })

  it('delay: the answer arrives after delayMs; a 429 carries its Retry-After', async () => {
    const server = await serve(shopDocument, {
      faults: [
        fault('slow_success').on('lookup_order').with({ delayMs: 120 }),
        fault('rate_limited').on('refund_payment').with({ retryAfterSeconds: 3 }),
      ],
    })
    const started = performance.now()
    const slow = await fetch(`${server.url}/orders/ORD-1001`)
    expect(slow.status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(110)

    const limited = await postJson(`${server.url}/tools/refund_payment`, REFUND)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('3')
    expect(refundCount(server.state())).toBe(0)
  })

  it('malformed JSON: a 200 whose body does not parse, the effect applied', async () => {
    const server = await serve(shopDocument, {
      faults: [fault('malformed_json').on('refund_payment')],
    })
    const res = await postJson(`${server.url}/tools/refund_payment`, REFUND)
    expect(res.status).toBe(200)
    await expect(res.json()).rejects.toThrow(SyntaxError)
    expect(refundCount(server.state())).toBe(1)
  })
})

describe('serving a running twin', () => {
  it('serves its state, applies faults to it and, on reset, starts over from its initial state', async () => {
    const twin = createTwin(shopDocument, {
      stateOverrides: { orders: { 'ORD-1001': { refund_count: 3 } } },
    })
    const server = await serve(twin, { faults: [fault('server_error').on('lookup_order')] })
    expect(server.twin).toBe(twin)
    expect((await fetch(`${server.url}/orders/ORD-1001`)).status).toBe(500)
    await postJson(`${server.url}/tools/refund_payment`, REFUND)
    expect(refundCount(twin.state())).toBe(4)

    server.reset()
    expect(server.twin).not.toBe(twin)
    expect(twin.disposed).toBe(false)
    expect(refundCount(server.state())).toBe(3)
    expect((await fetch(`${server.url}/orders/ORD-1001`)).status).toBe(500)
  })

  it('answers 500 and tells onError when the twin fails instead of answering', async () => {
    const twin = createShop()
    const failures: string[] = []
    const server = await serve(twin, {
      onError: (error, request) =>
        failures.push(`${request.method} ${request.url}: ${String(error)}`),
    })
    twin.dispose()
    const res = await fetch(`${server.url}/orders/ORD-1001`)
    expect(res.status).toBe(500)
    const body = (await res.json()) as { error: string; message: string }
    expect(body.error).toBe('twin_failed')
    expect(normaliseText(body.message)).toMatchInlineSnapshot(
      `"Twin "shop" failed on GET http://127.0.0.1:<port>/orders/ORD-1001 instead of answering: Twin "shop" was disposed and takes no more calls. Fix: create a fresh twin per case with createTwin()."`,
    )
    expect(failures).toEqual([
      expect.stringMatching(/^GET http:\/\/127\.0\.0\.1:\d+\/orders\/ORD-1001: TwinDisposedError/),
    ])
  })

  it('refuses state overrides for a twin that is already running', async () => {
    await expect(serveTwin(createShop(), { state: { orders: {} } })).rejects.toBeInstanceOf(
      ServeTwinOptionsError,
    )
  })
})

describe('listening', () => {
  it('explains a port that is taken', async () => {
    const first = await serve(shopDocument)
    const port = Number(new URL(first.url).port)
    const error = await serveTwin(shopDocument, { port }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(TwinServerListenError)
    expect(error).toMatchObject({ code: 'AGENTTWIN_TWIN_SERVER_LISTEN' })
    expect(normaliseText((error as Error).message)).toMatchInlineSnapshot(
      `"Cannot serve twin "shop" on 127.0.0.1:<port>: the port is already in use (EADDRINUSE). Fix: choose another port (0 picks a free one) or another host (127.0.0.1 for this machine only)."`,
    )
  })

  it('refuses connections once closed', async () => {
    const server = await serveTwin(shopDocument)
    await server.close()
    const error = await fetch(`${server.url}/orders/ORD-1001`).catch((reason: unknown) => reason)
    expect(error).toMatchObject({ cause: { code: 'ECONNREFUSED' } })
  })
})

async function until(condition: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !condition(); tries++) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  expect(condition()).toBe(true)
}
