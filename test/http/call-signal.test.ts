import { getEventListeners } from 'node:events'
import { afterEach, describe, expect, it } from 'vitest'
import { fault } from '../../src/faults/index.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import { createShop, SHOP_URL } from './support/shop-twin.ts'

const LOOKUP_URL = `${SHOP_URL}/orders/ORD-1001`
const REFUND_URL = `${SHOP_URL}/tools/refund_payment`

let network: Interception | undefined

afterEach(() => {
  network?.dispose()
  network = undefined
})

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length

describe("a caller's own AbortSignal, shared by every call", () => {
  it('holds one listener while a call is open and none once its body is read', async () => {
    network = createInterception({ twins: [createShop()] })
    const agent = new AbortController()

    for (let call = 0; call < 50; call++) {
      const response = await fetch(LOOKUP_URL, { signal: agent.signal })
      // The answer has arrived, its body not yet read: the call is still open.
      expect(listeners(agent.signal)).toBe(1)
      expect(response.url).toBe(LOOKUP_URL)
      expect(await response.json()).toMatchObject({ order_id: 'ORD-1001' })
      expect(listeners(agent.signal)).toBe(0)
    }
  })

  it.each([
    ['text()', (response: Response) => response.text()],
    [
      'arrayBuffer()',
      async (response: Response) => new TextDecoder().decode(await response.arrayBuffer()),
    ],
    ['bytes()', async (response: Response) => new TextDecoder().decode(await response.bytes())],
    ['blob()', async (response: Response) => (await response.blob()).text()],
    [
      'its body stream, read to the end',
      async (response: Response) => {
        const reader = response.body!.getReader()
        const chunks: Uint8Array[] = []
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          chunks.push(next.value)
        }
        return Buffer.concat(chunks).toString('utf8')
      },
    ],
    [
      'json() after a look at its body',
      async (response: Response) => {
        expect(response.body).toBeInstanceOf(ReadableStream)
        return JSON.stringify(await response.json())
      },
    ],
    [
      'a clone and the original, each with text()',
      async (response: Response) => {
        const copy = response.clone()
        const [original, cloned] = [await response.text(), await copy.text()]
        expect(cloned).toBe(original)
        return original
      },
    ],
  ])('releases the call once the body is read with %s, and reads all of it', async (_, read) => {
    network = createInterception({ twins: [createShop()] })
    const agent = new AbortController()

    const response = await fetch(LOOKUP_URL, { signal: agent.signal })
    expect(response).toBeInstanceOf(Response)
    expect(listeners(agent.signal)).toBe(1)
    const text = await read(response)
    expect(JSON.parse(text)).toMatchObject({ order_id: 'ORD-1001' })
    expect(response.bodyUsed).toBe(true)
    expect(listeners(agent.signal)).toBe(0)
  })

  it('releases a call whose body is cancelled, and one that failed', async () => {
    network = createInterception({ twins: [createShop()] })
    const agent = new AbortController()

    const response = await fetch(LOOKUP_URL, { signal: agent.signal })
    await response.body?.cancel()
    expect(listeners(agent.signal)).toBe(0)

    const refused = await fetch('https://elsewhere.agenttwin.invalid/', {
      signal: agent.signal,
    }).catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'AGENTTWIN_UNHANDLED_REQUEST' })
    expect(listeners(agent.signal)).toBe(0)
  })

  it('still aborts a call that is waiting on the twin, with the reason the caller gave', async () => {
    network = createInterception({
      twins: [
        createShop([fault('timeout_after_mutation').on('refund_payment').with({ hang: true })]),
      ],
    })
    const agent = new AbortController()
    const pending = fetch(REFUND_URL, {
      method: 'POST',
      body: JSON.stringify({ order_id: 'ORD-1001', amount: 40 }),
      signal: agent.signal,
    }).catch((error: unknown) => error)
    setTimeout(() => agent.abort(new Error('the user left')), 20)

    expect(await pending).toMatchObject({ message: 'the user left' })
    expect(listeners(agent.signal)).toBe(0)
  })

  it('follows the signal of a Request passed as input', async () => {
    network = createInterception({ twins: [createShop()] })
    const agent = new AbortController()
    agent.abort(new Error('already gone'))

    const error = await fetch(new Request(LOOKUP_URL, { signal: agent.signal })).catch(
      (reason: unknown) => reason,
    )

    expect(error).toMatchObject({ message: 'already gone' })
  })
})
