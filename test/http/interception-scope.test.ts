import { AsyncResource } from 'node:async_hooks'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createInterception,
  type Interception,
  InterceptionDisposedError,
  TwinBaseUrlInUseError,
} from '../../src/public/msw.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { nodeRequest, postJson } from './support/clients.ts'
import { createShop, SHOP_URL } from './support/shop-twin.ts'

let network: Interception | undefined

afterEach(() => {
  network?.dispose()
  network = undefined
})

function start(): Interception {
  network = createInterception()
  return network
}

const refund = (amount: number) =>
  postJson(`${SHOP_URL}/tools/refund_payment`, { order_id: 'ORD-1001', amount })

/** Lets two async functions interleave: each waits for the other to reach the same point. */
function meetingPoint(): () => Promise<void> {
  let arrived = 0
  let release: () => void = () => {}
  const everyone = new Promise<void>((resolve) => {
    release = resolve
  })
  return () => {
    arrived += 1
    if (arrived === 2) release()
    return everyone
  }
}

describe('interception.scope', () => {
  it('serves the same base URL with a twin per concurrent scope, each seeing only its own calls', async () => {
    const interception = start()
    const first = createShop()
    const second = createShop()
    const meet = meetingPoint()
    const [a, b] = await Promise.all([
      interception.scope([first], async () => {
        await meet()
        await refund(10)
        await meet()
        return (await refund(1)).status
      }),
      interception.scope([second], async () => {
        await meet()
        const outcome = await nodeRequest(`${SHOP_URL}/tools/refund_payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ order_id: 'ORD-1001', amount: 25 }),
        })
        await meet()
        return outcome.status
      }),
    ])
    expect([a, b]).toEqual([200, 200])
    expect(first.records().map((record) => record.args.amount)).toEqual([10, 1])
    expect(second.records().map((record) => record.args.amount)).toEqual([25])
    expect(first.state()).toMatchObject({ orders: { 'ORD-1001': { refunded_amount: 11 } } })
    expect(second.state()).toMatchObject({ orders: { 'ORD-1001': { refunded_amount: 25 } } })
    expect(interception.unhandled).toEqual([])
  })

  it('goes to the scope first, then to enclosing scopes, then to twins added with use()', async () => {
    const interception = start()
    const shared = createShop()
    const outer = createShop()
    const inner = createShop()
    interception.use(shared)
    await interception.scope([outer], async () => {
      await refund(1)
      await interception.scope([], async (scope) => {
        await refund(2)
        scope.use(inner)
        await refund(3)
      })
    })
    await refund(4)
    expect(outer.records().map((record) => record.args.amount)).toEqual([1, 2])
    expect(inner.records().map((record) => record.args.amount)).toEqual([3])
    expect(shared.records().map((record) => record.args.amount)).toEqual([4])
  })

  it('keeps blocked requests with the scope they came from', async () => {
    const interception = start()
    const [quiet, noisy] = await Promise.all([
      interception.scope([createShop()], async (scope) => {
        await refund(1)
        return scope
      }),
      interception.scope([], async (scope) => {
        await refund(1).catch(() => {})
        return scope
      }),
    ])
    expect(quiet.unhandled).toEqual([])
    expect(noisy.unhandled.map((request) => request.url)).toEqual([
      `${SHOP_URL}/tools/refund_payment`,
    ])
    expect(interception.unhandled).toHaveLength(1)
  })

  it('routes a request from outside every scope only to an unambiguous owner', async () => {
    const interception = start()
    // Code that captured its async context before any scope (a server started earlier).
    const outside = new AsyncResource('server-started-before-the-test')
    const fromOutside = (amount: number) => outside.runInAsyncScope(() => refund(amount))

    const alone = createShop()
    await interception.scope([alone], async () => {
      expect((await fromOutside(5)).status).toBe(200)
    })
    expect(alone.records()).toHaveLength(1)

    const meet = meetingPoint()
    const scopes = await Promise.all(
      [createShop(), createShop()].map((twin) =>
        interception.scope([twin], async (scope) => {
          await meet()
          const error = await fromOutside(7).catch((caught: Error) => caught)
          await meet()
          return { scope, twin, error }
        }),
      ),
    )
    for (const { scope, twin, error } of scopes) {
      expect(twin.records()).toEqual([])
      expect(error).toBeInstanceOf(Error)
      // Either request may belong to either scope, so both keep both (the two are alike).
      expect(scope.unhandled).toHaveLength(2)
    }
    const messages = scopes.flatMap(({ scope }) => scope.unhandled.map(({ message }) => message))
    expect(new Set(messages).size).toBe(1)
    expect(normaliseText(messages[0] ?? '')).toMatchInlineSnapshot(`
      "AgentTwin blocked POST https://shop.agenttwin.invalid/tools/refund_payment: no twin answers it, and tests never reach the real network.
      Twins in use: shop (https://shop.agenttwin.invalid, scoped to one test's async context), shop (https://shop.agenttwin.invalid, scoped to one test's async context).
      Fix: serve https://shop.agenttwin.invalid with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['shop.agenttwin.invalid'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
    await expect(fromOutside(9)).rejects.toThrowError(/no twin answers it/)
  })

  it('returns what fn returns, and refuses two twins at one base URL within a scope', async () => {
    const interception = start()
    await expect(interception.scope([createShop()], () => 'done')).resolves.toBe('done')
    await expect(interception.scope([createShop(), createShop()], () => 'never')).rejects.toThrow(
      TwinBaseUrlInUseError,
    )
    await interception.scope([], async (scope) => {
      const twin = createShop()
      const remove = scope.use(twin)
      remove()
      remove()
      await expect(refund(1)).rejects.toThrowError(/no twin answers it/)
      expect(twin.records()).toEqual([])
    })
  })

  it('lets go of its twins once it ends: a late request from its context is blocked, not served', async () => {
    const interception = start()
    const shop = createShop()
    let late: (() => Promise<Response>) | undefined
    await interception.scope([shop], async () => {
      expect((await refund(5)).status).toBe(200)
      // Bound to the scope's async context, as a timer an abandoned agent left behind would be.
      late = AsyncResource.bind(() => refund(7))
    })
    await expect(late!()).rejects.toThrow()
    expect(shop.records().map((record) => record.args.amount)).toEqual([5])
    expect(interception.unhandled.map((request) => request.url)).toEqual([
      `${SHOP_URL}/tools/refund_payment`,
    ])
  })

  it("answers a scope's own traffic first, in its context and the scopes inside it, even once it ended", async () => {
    const interception = start()
    const MODEL = 'https://models.agenttwin.invalid/v1/answer'
    const answered: string[] = []
    const traffic = {
      owns: (url: URL) => url.hostname === 'models.agenttwin.invalid',
      answer: async (request: Request) => {
        answered.push(await request.text())
        return Response.json({ from: 'the scope' })
      },
    }
    const ask = (text: string) => fetch(MODEL, { method: 'POST', body: text })
    let late: (() => Promise<Response>) | undefined
    await interception.scope(
      [createShop()],
      async () => {
        expect(await (await ask('first')).json()).toEqual({ from: 'the scope' })
        // Its twins still answer what is not its traffic.
        expect((await refund(5)).status).toBe(200)
        await interception.scope([], async () => {
          expect((await ask('inner')).status).toBe(200)
        })
        late = AsyncResource.bind(() => ask('late'))
      },
      { traffic },
    )
    expect((await late!()).status).toBe(200)
    expect(answered).toEqual(['first', 'inner', 'late'])
    // Outside the scope's context the same request is nobody's: the guard refuses it.
    await expect(ask('outside')).rejects.toThrowError(/no twin answers it/)
    expect(interception.unhandled.map((request) => request.url)).toEqual([MODEL])
  })

  it('refuses a scope after dispose', async () => {
    const interception = start()
    interception.dispose()
    await expect(interception.scope([], () => undefined)).rejects.toThrow(InterceptionDisposedError)
  })
})
