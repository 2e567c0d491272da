import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import type { Twin } from '../../src/twin/types.ts'
import { nodeRequest, postJson } from './support/clients.ts'
import { createShop, SHOP_URL } from './support/shop-twin.ts'

let network: Interception
let shop: Twin

beforeEach(() => {
  network = createInterception()
  shop = createShop()
  network.use(shop)
})

afterEach(() => {
  network.dispose()
})

describe('tool calls over HTTP', () => {
  it('POSTs JSON body arguments to the default route /tools/{name} (fetch)', async () => {
    const res = await postJson(`${SHOP_URL}/tools/refund_payment`, {
      order_id: 'ORD-1001',
      amount: 40,
    })

    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(await res.json()).toEqual({ status: 'succeeded', order_id: 'ORD-1001', amount: 40 })
    const [record] = shop.records()
    expect(record).toMatchObject({
      tool: 'refund_payment',
      args: { order_id: 'ORD-1001', amount: 40 },
      attempt: 1,
    })
    expect(shop.state()).toMatchObject({
      orders: { 'ORD-1001': { refund_count: 1, refunded_amount: 40 } },
    })
  })

  it('POSTs JSON body arguments to the default route (node:http)', async () => {
    const outcome = await nodeRequest(`${SHOP_URL}/tools/refund_payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'ORD-1002', amount: 10 }),
    })

    expect(outcome.error).toBeUndefined()
    expect(outcome.status).toBe(200)
    expect(JSON.parse(outcome.body)).toEqual({
      status: 'succeeded',
      order_id: 'ORD-1002',
      amount: 10,
    })
    expect(shop.records()[0]?.args).toEqual({ order_id: 'ORD-1002', amount: 10 })
  })

  it('reads GET arguments from the query string, typed by the input schema', async () => {
    const query = 'status=paid&min_total=12.5&limit=3&paid=true&tags=gift&tags=fragile'
    const res = await fetch(`${SHOP_URL}/orders?${query}`)

    expect(res.status).toBe(200)
    expect(shop.records()[0]?.args).toEqual({
      status: 'paid',
      min_total: 12.5,
      limit: 3,
      paid: true,
      tags: ['gift', 'fragile'],
    })
  })

  it('keeps a query value that does not fit its type as text, so validation answers 400 naming it', async () => {
    const outcome = await nodeRequest(`${SHOP_URL}/orders?min_total=lots&status=123`)

    expect(outcome.status).toBe(400)
    expect(JSON.parse(outcome.body)).toMatchInlineSnapshot(`
      {
        "error": "invalid_arguments",
        "hint": "Fix the arguments listed in problems and call search_orders again. It accepts: status, min_total, limit, paid, tags.",
        "problems": [
          {
            "message": "must be number",
            "path": "min_total",
          },
        ],
        "tool": "search_orders",
      }
    `)
    const [record] = shop.records()
    expect(record?.args).toEqual({ min_total: 'lots', status: '123' })
    expect(record?.status).toBe(400)
  })

  it('turns path parameters into arguments, decoded', async () => {
    const res = await fetch(`${SHOP_URL}/orders/ORD-1001`)

    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ order_id: 'ORD-1001', status: 'delivered' })
    expect(shop.records()[0]).toMatchObject({
      tool: 'lookup_order',
      args: { order_id: 'ORD-1001' },
    })

    await fetch(`${SHOP_URL}/orders/ORD%201003`)
    expect(shop.records()[1]?.args).toEqual({ order_id: 'ORD 1003' })
  })

  it('joins path parameters and body arguments (PATCH), and takes DELETE without a body', async () => {
    const patched = await nodeRequest(`${SHOP_URL}/orders/ORD-1002`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'returned' }),
    })
    expect(patched.status).toBe(200)
    expect(shop.records()[0]?.args).toEqual({ status: 'returned', order_id: 'ORD-1002' })

    const deleted = await fetch(`${SHOP_URL}/orders/ORD-1002`, { method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect(shop.records()[1]).toMatchObject({
      tool: 'cancel_order',
      args: { order_id: 'ORD-1002' },
    })
    expect(Object.keys(shop.state().orders as object)).toEqual(['ORD-1001'])
  })

  it('answers 400 when the path and the body disagree on an argument, without calling the tool', async () => {
    const res = await fetch(`${SHOP_URL}/orders/ORD-1002`, {
      method: 'PATCH',
      body: JSON.stringify({ order_id: 'ORD-1001', status: 'returned' }),
    })

    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'argument_conflict' })
    expect(shop.records()).toEqual([])
  })
})

describe('the attempt header', () => {
  it('records x-agenttwin-attempt, and 1 without it', async () => {
    await postJson(`${SHOP_URL}/tools/refund_payment`, { order_id: 'ORD-1001', amount: 5 })
    await postJson(
      `${SHOP_URL}/tools/refund_payment`,
      { order_id: 'ORD-1001', amount: 5 },
      { 'x-agenttwin-attempt': '2' },
    )
    await nodeRequest(`${SHOP_URL}/orders/ORD-1001`, { headers: { 'x-agenttwin-attempt': '3' } })

    expect(shop.records().map((record) => record.attempt)).toEqual([1, 2, 3])
  })

  it.each(['0', 'two', '1.5', '-1'])(
    'answers 400 for attempt %j and records nothing',
    async (value) => {
      const res = await fetch(`${SHOP_URL}/orders/ORD-1001`, {
        headers: { 'x-agenttwin-attempt': value },
      })

      expect(res.status).toBe(400)
      const body = (await res.json()) as { error: string; message: string }
      expect(body.error).toBe('invalid_attempt_header')
      expect(body.message).toBe(
        `Header x-agenttwin-attempt is "${value}", not an integer of at least 1.`,
      )
      expect(shop.records()).toEqual([])
    },
  )
})

describe('requests that never reach a tool', () => {
  it('answers an unknown path under the base URL with 404 listing every tool with method and URL', async () => {
    const res = await fetch(`${SHOP_URL}/tools/refund_paymnet`, { method: 'POST', body: '{}' })

    expect(res.status).toBe(404)
    const body = (await res.json()) as { error: string; message: string; tools: unknown[] }
    expect(body.error).toBe('unknown_tool_route')
    expect(body.message).toBe(
      `No tool of twin "shop" answers POST ${SHOP_URL}/tools/refund_paymnet.`,
    )
    expect(body.tools).toEqual([
      { tool: 'lookup_order', method: 'GET', url: `${SHOP_URL}/orders/:order_id` },
      { tool: 'search_orders', method: 'GET', url: `${SHOP_URL}/orders` },
      { tool: 'refund_payment', method: 'POST', url: `${SHOP_URL}/tools/refund_payment` },
      { tool: 'update_status', method: 'PATCH', url: `${SHOP_URL}/orders/:order_id` },
      { tool: 'cancel_order', method: 'DELETE', url: `${SHOP_URL}/orders/:order_id` },
    ])
    expect(shop.records()).toEqual([])
  })

  it('answers a known path with the wrong method with 405 and an Allow header (node:http)', async () => {
    const outcome = await nodeRequest(`${SHOP_URL}/orders/ORD-1001`, { method: 'PUT', body: '{}' })

    expect(outcome.status).toBe(405)
    expect(outcome.headers?.allow).toBe('GET, PATCH, DELETE')
    expect(JSON.parse(outcome.body)).toMatchObject({ error: 'method_not_allowed' })
    expect(shop.records()).toEqual([])
  })

  it('answers a body that is not JSON with a readable 400 (fetch and node:http)', async () => {
    const res = await fetch(`${SHOP_URL}/tools/refund_payment`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'order_id=ORD-1001&amount=40',
    })
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; message: string; fix: string }
    expect(body.error).toBe('invalid_json_body')
    expect(body.message).toMatch(
      /^The body of POST https:\/\/shop\.agenttwin\.invalid\/tools\/refund_payment is not JSON/,
    )
    expect(body.fix).toMatchInlineSnapshot(
      `"Send the arguments of tool "refund_payment" as a JSON object, e.g. {"order_id": "ORD-1001"}, with content-type: application/json."`,
    )

    const outcome = await nodeRequest(`${SHOP_URL}/tools/refund_payment`, {
      method: 'POST',
      body: '{"order_id":',
    })
    expect(outcome.status).toBe(400)
    expect(JSON.parse(outcome.body)).toMatchObject({ error: 'invalid_json_body' })

    expect(shop.records()).toEqual([])
  })

  it('answers a JSON body that is not an object with 400', async () => {
    const res = await postJson(`${SHOP_URL}/tools/refund_payment`, ['ORD-1001', 40])

    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error: 'body_not_an_object',
      message: `The body of POST ${SHOP_URL}/tools/refund_payment is JSON but an array, not an object of arguments.`,
    })
    expect(shop.records()).toEqual([])
  })

  it('lets an empty POST body through as no arguments, for the twin to validate', async () => {
    const res = await fetch(`${SHOP_URL}/tools/refund_payment`, { method: 'POST' })

    expect(res.status).toBe(400)
    expect(shop.records()[0]).toMatchObject({ tool: 'refund_payment', args: {}, status: 400 })
  })
})
