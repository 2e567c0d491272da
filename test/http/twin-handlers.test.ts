import { HttpResponse, http as httpHandler } from 'msw'
import { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { fault } from '../../src/faults/index.ts'
import { twinHandlers } from '../../src/public/msw.ts'
import { nodeRequest, postJson } from './support/clients.ts'
import { createShop, SHOP_URL } from './support/shop-twin.ts'

let close: (() => void) | undefined

afterEach(() => {
  close?.()
  close = undefined
})

function ownServer(...handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers)
  server.listen({ onUnhandledRequest: 'error' })
  close = () => server.close()
  return server
}

describe('twinHandlers in your own msw server', () => {
  it('serves the twin next to your handlers', async () => {
    const shop = createShop()
    ownServer(
      ...twinHandlers(shop),
      httpHandler.get('https://llm.agenttwin.invalid/health', () =>
        HttpResponse.json({ ok: true }),
      ),
    )

    const res = await postJson(`${SHOP_URL}/tools/refund_payment`, {
      order_id: 'ORD-1001',
      amount: 40,
    })
    expect(res.status).toBe(200)
    expect((await fetch('https://llm.agenttwin.invalid/health')).status).toBe(200)
    expect((await fetch(`${SHOP_URL}/nope`)).status).toBe(404)
    expect(shop.records()).toHaveLength(1)
  })

  it('still fails connection faults as network errors that carry the code', async () => {
    const shop = createShop([fault('reset_after_effect').on('refund_payment')])
    ownServer(...twinHandlers(shop))

    const error = await postJson(`${SHOP_URL}/tools/refund_payment`, {
      order_id: 'ORD-1001',
      amount: 40,
    }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(TypeError)
    expect(error).toMatchObject({ cause: { code: 'ECONNRESET' } })

    const outcome = await nodeRequest(`${SHOP_URL}/tools/refund_payment`, {
      method: 'POST',
      body: JSON.stringify({ order_id: 'ORD-1001', amount: 40 }),
    })
    expect(outcome.error).toMatchObject({ code: 'ECONNRESET', message: 'read ECONNRESET' })
    expect(shop.records()).toHaveLength(2)
  })
})
