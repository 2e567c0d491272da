import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { fault } from '../../../src/faults/index.ts'
import { type ServedTwin, serveTwin } from '../../../src/public/server.ts'
import { shopDocument } from '../support/shop-twin.ts'

const run = promisify(execFile)

/**
 * An agent in another process, written without AgentTwin: it reads the order,
 * refunds with an idempotency key, and on a 5xx retries with the same key.
 */
const AGENT = `
const base = process.env.TOOLS_URL
const post = (tool, args, attempt) => fetch(base + '/tools/' + tool, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-agenttwin-attempt': String(attempt) },
  body: JSON.stringify(args),
})
const order = await (await fetch(base + '/orders/ORD-1001')).json()
const args = { order_id: order.order_id, amount: 40, idempotency_key: 'refund-ORD-1001' }
let res = await post('refund_payment', args, 1)
if (res.status >= 500) res = await post('refund_payment', args, 2)
console.log(JSON.stringify({ status: res.status, body: await res.json() }))
`

let server: ServedTwin | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

describe('an agent in another process', () => {
  it('calls the served twin; the twin records what it did, a retry with the same key is a replay', async () => {
    server = await serveTwin(shopDocument, {
      faults: [fault('server_error_after_commit').on('refund_payment').at(1)],
    })
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', AGENT], {
      env: { ...process.env, TOOLS_URL: server.url },
      timeout: 20_000,
    })

    expect(JSON.parse(stdout)).toEqual({
      status: 200,
      body: { status: 'succeeded', order_id: 'ORD-1001', amount: 40 },
    })
    const records = server.records()
    expect(
      records.map((record) => [record.tool, record.status, record.attempt, record.replay]),
    ).toEqual([
      ['lookup_order', 200, 1, false],
      ['refund_payment', 500, 1, false],
      ['refund_payment', 200, 2, true],
    ])
    const orders = server.state().orders as Record<string, { refund_count: number }>
    expect(orders['ORD-1001']?.refund_count).toBe(1)
  })
})
