import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { request, stream, fetch as undiciFetch } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { createInterception, type Interception } from '../../../src/public/msw.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { createShop, SHOP_URL } from '../support/shop-twin.ts'

// Captured at import time, before any interception: it must still reach the twin.
const fetchBefore = globalThis.fetch

let network: Interception | undefined
afterEach(() => {
  network?.dispose()
  network = undefined
})

describe('undici and a fetch captured early reach the twin in-process', () => {
  it('answers request, fetch, stream and the early fetch from the twin, and records each call', async () => {
    const shop = createShop()
    network = createInterception({ twins: [shop] })
    const url = `${SHOP_URL}/orders/ORD-1`

    const viaRequest = await request(url)
    const viaFetch = await undiciFetch(url)
    const viaEarly = await fetchBefore(url)
    const chunks: Buffer[] = []
    await stream(url, { method: 'GET' }, () => {
      return new Writable({
        write(chunk, _encoding, done) {
          chunks.push(chunk)
          done()
        },
      })
    })

    expect(viaRequest.statusCode).toBe(404)
    expect(JSON.parse(await viaRequest.body.text()).tool).toBe('lookup_order')
    expect(viaFetch.status).toBe(404)
    expect(viaEarly.status).toBe(404)
    expect(JSON.parse(Buffer.concat(chunks).toString()).tool).toBe('lookup_order')
    expect(shop.records().map((record) => record.tool)).toEqual([
      'lookup_order',
      'lookup_order',
      'lookup_order',
      'lookup_order',
    ])
  })

  it('refuses an undici request no twin owns with its method and URL, and nothing arrives', async () => {
    let arrivals = 0
    const server = http.createServer((_request, response) => {
      arrivals += 1
      response.end('real')
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    network = createInterception()
    try {
      const error = await request(`http://127.0.0.1:${port}/leak`, {
        method: 'POST',
        body: '{}',
      }).catch((reason: unknown) => reason as Error)
      const early = await fetchBefore(`http://127.0.0.1:${port}/early`).catch(
        (reason: unknown) => reason as Error,
      )
      expect(normaliseText(String((error as Error).message))).toMatchInlineSnapshot(`
        "AgentTwin blocked POST http://127.0.0.1:<port>/leak (undici): no twin answers it, and tests never reach the real network.
        Twins in use: none.
        Fix: serve http://127.0.0.1:<port> with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
      `)
      expect(early).toBeInstanceOf(Error)
      expect(network.unhandled.map((r) => `${r.method} ${r.url}`)).toEqual([
        `POST http://127.0.0.1:${port}/leak`,
        `GET http://127.0.0.1:${port}/early`,
      ])
      expect(arrivals).toBe(0)
    } finally {
      server.close()
    }
  })
})
