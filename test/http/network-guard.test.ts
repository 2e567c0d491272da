import { once } from 'node:events'
import http from 'node:http'
import * as httpsNamespace from 'node:https'
import net from 'node:net'
import tls from 'node:tls'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createInterception,
  type Interception,
  InterceptionActiveError,
  InterceptionDisposedError,
  TwinBaseUrlInUseError,
  UnhandledRequestError,
  UnhandledRequestsError,
} from '../../src/public/msw.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { nodeRequest, postJson } from './support/clients.ts'
import { createShop, SHOP_URL } from './support/shop-twin.ts'

const NOWHERE = 'https://no-such-host.agenttwin.invalid'

// Captured at import time, before any interception exists: these bypass msw.
const fetchBefore = globalThis.fetch
const httpsRequestBefore = httpsNamespace.request
const connectBefore = net.Socket.prototype.connect

let network: Interception | undefined

afterEach(() => {
  network?.dispose()
  network = undefined
  vi.restoreAllMocks()
})

function start(options?: Parameters<typeof createInterception>[0]): Interception {
  network = createInterception(options)
  return network
}

/** Sends with the `https` namespace import, which msw alone does not patch. */
function namespaceHttpsPost(url: string): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const request = httpsNamespace.request(url, { method: 'POST' }, (response) => {
      response.resume()
      response.on('end', () => resolve(undefined))
    })
    request.on('error', resolve)
    request.end('{}')
  })
}

describe('requests no twin handles', () => {
  it('fail for fetch with a message naming method, URL and the fix, and are kept', async () => {
    const interception = start()
    interception.use(createShop())

    const error = await postJson(`${NOWHERE}/v1/charges`, { amount: 40 }).catch(
      (reason: unknown) => reason,
    )

    expect(error).toBeInstanceOf(UnhandledRequestError)
    const message = (error as Error).message
    expect(message.split('\n')).toEqual([
      `AgentTwin blocked POST ${NOWHERE}/v1/charges: no twin answers it, and tests never reach the real network.`,
      `Twins in use: shop (${SHOP_URL}).`,
      `Fix: serve ${NOWHERE} with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['no-such-host.agenttwin.invalid'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.`,
    ])
    expect(interception.unhandled).toEqual([
      { method: 'POST', url: `${NOWHERE}/v1/charges`, layer: 'http', message },
    ])
  })

  it('fail for node:http', async () => {
    const interception = start()

    const outcome = await nodeRequest('http://no-such-host.agenttwin.invalid/status')

    expect(outcome.status).toBeUndefined()
    expect(outcome.error).toBeInstanceOf(UnhandledRequestError)
    expect(outcome.error?.message).toMatch(
      /^AgentTwin blocked GET http:\/\/no-such-host\.agenttwin\.invalid\/status: no twin answers it/,
    )
    expect(interception.unhandled.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET http://no-such-host.agenttwin.invalid/status',
    ])
  })

  it("fail for node:https imported as an ESM namespace (import * as https from 'node:https')", async () => {
    const interception = start()

    const error = await namespaceHttpsPost(`${NOWHERE}/v1/charges`)

    expect(error).toBeInstanceOf(UnhandledRequestError)
    expect(normaliseText(error?.message ?? '')).toMatchInlineSnapshot(`
      "AgentTwin blocked POST https://no-such-host.agenttwin.invalid/v1/charges: no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: serve https://no-such-host.agenttwin.invalid with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['no-such-host.agenttwin.invalid'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
    expect(interception.unhandled).toHaveLength(1)
  })

  it('let the namespace import reach twins too', async () => {
    const interception = start()
    const shop = createShop()
    interception.use(shop)

    const error = await namespaceHttpsPost(`${SHOP_URL}/tools/refund_payment`)

    expect(error).toBeUndefined()
    expect(shop.records()).toHaveLength(1)
  })

  it('reach the twin for a fetch captured before the interception started, and name method and URL otherwise', async () => {
    const interception = start()
    interception.use(createShop())

    const answered = await fetchBefore(`${SHOP_URL}/orders/ORD-1001`)
    const error = await fetchBefore(`${NOWHERE}/v1/charges`, { method: 'POST' }).catch(
      (reason: unknown) => reason,
    )

    expect(answered.headers.get('content-type')).toMatchInlineSnapshot(`"application/json"`)
    expect(error).toMatchObject({ message: 'fetch failed' })
    const cause = (error as { cause: unknown }).cause
    expect(cause).toBeInstanceOf(UnhandledRequestError)
    expect((cause as Error).message).toMatch(/^AgentTwin blocked POST https:\/\/no-such-host/)
    expect(interception.unhandled).toMatchObject([
      { method: 'POST', url: `${NOWHERE}/v1/charges`, layer: 'http' },
    ])
  })

  it('fail at the socket for https.request captured before, for tls.connect and for net.connect', async () => {
    const interception = start()

    const viaRequest = await new Promise<Error>((resolve) => {
      httpsRequestBefore(`${NOWHERE}/x`).on('error', resolve).end()
    })
    const viaTls = await new Promise<Error>((resolve) => {
      tls.connect({ host: 'tls.agenttwin.invalid', port: 8443 }).on('error', resolve)
    })
    const viaNet = await new Promise<Error>((resolve) => {
      net.connect(5432, 'db.agenttwin.invalid').on('error', resolve)
    })

    for (const error of [viaRequest, viaTls, viaNet])
      expect(error).toBeInstanceOf(UnhandledRequestError)
    expect(
      interception.unhandled.map(({ method, url }) => (method ? `${method} ${url}` : url)),
    ).toEqual([
      // node:http had put its request on the socket: the refusal names it.
      'GET https://no-such-host.agenttwin.invalid/x',
      'tls://tls.agenttwin.invalid:8443',
      'tcp://db.agenttwin.invalid:5432',
    ])
  })
})

describe('loopback', () => {
  async function localServer(): Promise<{ url: string; close(): Promise<void> }> {
    const server = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/json')
      response.end('{"local":true}')
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as net.AddressInfo
    return {
      url: `http://127.0.0.1:${port}/health`,
      close: () => new Promise((resolve) => server.close(() => resolve())),
    }
  }

  it('is blocked by default', async () => {
    const local = await localServer()
    try {
      const interception = start()
      const error = await fetch(local.url).catch((reason: unknown) => reason)
      expect(error).toBeInstanceOf(UnhandledRequestError)
      expect(interception.unhandled[0]?.url).toBe(local.url)
    } finally {
      await local.close()
    }
  })

  it('reaches a server the test started when allowLoopback is set (fetch and node:http)', async () => {
    const local = await localServer()
    try {
      const interception = start({ allowLoopback: true })
      const res = await fetch(local.url)
      expect(await res.json()).toEqual({ local: true })
      const outcome = await nodeRequest(local.url)
      expect(JSON.parse(outcome.body)).toEqual({ local: true })
      expect(interception.unhandled).toEqual([])
    } finally {
      await local.close()
    }
  })
})

describe('assertNoUnhandled', () => {
  it('passes with no unhandled request and lists every one otherwise', async () => {
    const interception = start()
    interception.use(createShop())
    await fetch(`${SHOP_URL}/orders/ORD-1001`)
    expect(() => interception.assertNoUnhandled()).not.toThrow()

    await fetch(`${NOWHERE}/a`).catch(() => undefined)
    await nodeRequest('http://other.agenttwin.invalid/b', { method: 'DELETE' })

    let thrown: unknown
    try {
      interception.assertNoUnhandled()
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(UnhandledRequestsError)
    expect((thrown as UnhandledRequestsError).code).toBe('AGENTTWIN_UNHANDLED_REQUESTS')
    expect((thrown as Error).message.split('\n').slice(0, 3)).toEqual([
      '2 requests got no answer from a twin:',
      `  - AgentTwin blocked GET ${NOWHERE}/a: no twin answers it, and tests never reach the real network.`,
      '  - AgentTwin blocked DELETE http://other.agenttwin.invalid/b: no twin answers it, and tests never reach the real network.',
    ])

    interception.reset()
    expect(() => interception.assertNoUnhandled()).not.toThrow()
  })
})

describe('a twin that fails instead of answering', () => {
  it('is kept for assertNoUnhandled, and is loud', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const interception = start()
    const shop = createShop()
    interception.use(shop)
    shop.dispose()

    const res = await fetch(`${SHOP_URL}/orders/ORD-1001`)

    expect(res.status).toBe(500)
    expect(printed).toHaveBeenCalled()
    expect(interception.unhandled).toMatchObject([
      { method: 'GET', url: `${SHOP_URL}/orders/ORD-1001`, layer: 'twin' },
    ])
    expect(interception.unhandled[0]?.message).toMatch(
      /^Twin "shop" failed on GET https:\/\/shop\.agenttwin\.invalid\/orders\/ORD-1001 instead of answering: /,
    )
    expect(() => interception.assertNoUnhandled()).toThrow(UnhandledRequestsError)
  })
})

describe('lifecycle', () => {
  it('restores every patched global on dispose, and dispose is safe twice', () => {
    const interception = start()
    expect(globalThis.fetch).not.toBe(fetchBefore)
    expect(httpsNamespace.request).not.toBe(httpsRequestBefore)
    expect(net.Socket.prototype.connect).not.toBe(connectBefore)

    interception.dispose()
    interception.dispose()

    expect(interception.disposed).toBe(true)
    expect(globalThis.fetch).toBe(fetchBefore)
    expect(httpsNamespace.request).toBe(httpsRequestBefore)
    expect(net.Socket.prototype.connect).toBe(connectBefore)
  })

  it('refuses a second live interception, and allows one after dispose', () => {
    const first = start()
    expect(() => createInterception()).toThrow(InterceptionActiveError)
    first.dispose()

    network = createInterception()
    expect(network.disposed).toBe(false)
  })

  it('does not leak twins from one interception into the next', async () => {
    const first = start()
    first.use(createShop())
    expect((await fetch(`${SHOP_URL}/orders/ORD-1001`)).status).toBe(200)
    first.dispose()

    const second = start()
    const error = await fetch(`${SHOP_URL}/orders/ORD-1001`).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(UnhandledRequestError)
    expect(second.unhandled.map(({ url }) => url)).toEqual([`${SHOP_URL}/orders/ORD-1001`])
    expect(first.unhandled).toEqual([])
    // Its own scopes' traffic, twin router and WebSocket guard, nothing of the first's.
    expect(second.server.listHandlers().map((handler) => handler.kind)).toEqual([
      'request',
      'request',
      'websocket',
    ])
  })

  it('removes a twin with the function use() returned (safe twice)', async () => {
    const interception = start()
    const remove = interception.use(createShop())
    remove()
    remove()

    await fetch(`${SHOP_URL}/orders/ORD-1001`).catch(() => undefined)
    expect(interception.unhandled).toHaveLength(1)
  })

  it('refuses a second twin at the same base URL, and use() after dispose', () => {
    const interception = start()
    interception.use(createShop())
    expect(() => interception.use(createShop())).toThrow(TwinBaseUrlInUseError)

    interception.dispose()
    expect(() => interception.use(createShop())).toThrow(InterceptionDisposedError)
  })
})
