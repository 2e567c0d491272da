import { afterEach, describe, expect, it, vi } from 'vitest'
import type { CallerView, FaultPolicy } from '../../src/core/fault-model.ts'
import { fault } from '../../src/faults/index.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import { createTwin } from '../../src/twin/index.ts'
import type { Twin } from '../../src/twin/types.ts'
import { nodeRequest, postJson } from './support/clients.ts'
import { createShop, SHOP_URL, shopDocument } from './support/shop-twin.ts'

const REFUND_URL = `${SHOP_URL}/tools/refund_payment`
const REFUND = { order_id: 'ORD-1001', amount: 40 }

let network: Interception | undefined

afterEach(() => {
  network?.dispose()
  network = undefined
  vi.restoreAllMocks()
})

function serve(twin: Twin): Twin {
  network = createInterception()
  network.use(twin)
  return twin
}

function refundOf(twin: Twin): unknown {
  return (twin.state().orders as Record<string, { refund_count: number }>)['ORD-1001']?.refund_count
}

/** A policy that shows every call of every tool as `view`, with the effect applied. */
function showing(view: CallerView): FaultPolicy {
  return {
    decide: () => ({
      ruleId: 'test-view',
      params: {},
      fault: {
        type: 'test_view',
        title: 'Test view',
        dependency: { effect: 'applied', description: 'applied' },
        caller: { description: 'the given view' },
        dangerous: false,
        params: [],
        view: () => view,
      },
    }),
  }
}

function postRefundWithNode(timeoutMs?: number) {
  return nodeRequest(REFUND_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(REFUND),
    timeoutMs,
  })
}

describe('response', () => {
  it('arrives after delayMs (fetch and node:http)', async () => {
    const shop = serve(
      createShop([fault('slow_success').on('refund_payment').with({ delayMs: 60 })]),
    )

    let started = performance.now()
    const res = await postJson(REFUND_URL, REFUND)
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ status: 'succeeded' })

    started = performance.now()
    const outcome = await postRefundWithNode()
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
    expect(outcome.status).toBe(200)
    expect(JSON.parse(outcome.body)).toMatchObject({ status: 'succeeded' })
    expect(refundOf(shop)).toBe(2)
  })

  it('keeps the status and headers of the view, and answers statuses without a body', async () => {
    serve(
      createTwin(shopDocument, {
        faults: showing({ kind: 'response', status: 204, headers: { 'x-trace': 't-1' }, body: '' }),
      }),
    )

    const res = await postJson(REFUND_URL, REFUND)
    expect(res.status).toBe(204)
    expect(res.headers.get('x-trace')).toBe('t-1')
    expect(await res.text()).toBe('')
  })

  it('clears its delay timer when the caller gives up first (fetch and node:http)', async () => {
    serve(createShop([fault('slow_success').on('refund_payment').with({ delayMs: 60_000 })]))
    const setTimer = vi.spyOn(globalThis, 'setTimeout')
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout')

    const error = await fetch(REFUND_URL, {
      method: 'POST',
      body: JSON.stringify(REFUND),
      signal: AbortSignal.timeout(40),
    }).catch((reason: unknown) => reason)
    expect(error).toMatchObject({ name: 'TimeoutError' })

    const outcome = await postRefundWithNode(40)
    expect(outcome.status).toBeUndefined()
    expect(outcome.error?.code).toBe('CLIENT_TIMEOUT')

    const delays = setTimer.mock.results
      .filter((_, index) => setTimer.mock.calls[index]?.[1] === 60_000)
      .map((result) => result.value)
    expect(delays).toHaveLength(2)
    for (const delay of delays) expect(clearTimer).toHaveBeenCalledWith(delay)
  })
})

describe('truncated response (declaredLength > body bytes)', () => {
  it('announces the full Content-Length, and reading the body with fetch fails like undici', async () => {
    const shop = serve(
      createShop([fault('partial_response').on('refund_payment').with({ cutAt: 12 })]),
    )

    const res = await postJson(REFUND_URL, REFUND)
    expect(res.status).toBe(200)
    const full = JSON.stringify({ status: 'succeeded', order_id: 'ORD-1001', amount: 40 })
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(full)))

    const error = await res.json().catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(TypeError)
    expect(error).toMatchObject({ message: 'terminated', cause: { code: 'UND_ERR_SOCKET' } })
    expect(refundOf(shop)).toBe(1)
  })

  it('delivers the bytes that arrive to node:http, then aborts the response with ECONNRESET', async () => {
    serve(createShop([fault('partial_response').on('refund_payment').with({ cutAt: 12 })]))

    const outcome = await postRefundWithNode()
    expect(outcome.status).toBe(200)
    expect(outcome.body).toBe('{"status":"s')
    expect(Number(outcome.headers?.['content-length'])).toBeGreaterThan(12)
    expect(outcome.aborted).toBe(true)
    expect(outcome.error).toMatchObject({ message: 'aborted', code: 'ECONNRESET' })
  })

  it('still shows the status when no byte of the body arrives', async () => {
    serve(createShop([fault('partial_response').on('refund_payment').with({ cutAt: 0 })]))

    const res = await postJson(REFUND_URL, REFUND)
    expect(res.status).toBe(200)
    await expect(res.text()).rejects.toThrow('terminated')

    const outcome = await postRefundWithNode()
    expect(outcome.status).toBe(200)
    expect(outcome.body).toBe('')
    expect(outcome.error?.code).toBe('ECONNRESET')
  })
})

describe('connection error', () => {
  it('rejects fetch with TypeError: fetch failed and an errno-style cause (ECONNREFUSED)', async () => {
    const shop = serve(createShop([fault('connection_refused').on('refund_payment')]))

    const error = await postJson(REFUND_URL, REFUND).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(TypeError)
    expect(error).toMatchObject({
      message: 'fetch failed',
      cause: {
        code: 'ECONNREFUSED',
        syscall: 'connect',
        message: 'connect ECONNREFUSED shop.agenttwin.invalid:443',
      },
    })
    expect((error as { cause: { errno: number } }).cause.errno).toBeLessThan(0)
    expect(refundOf(shop)).toBe(0)
    expect(shop.records()[0]).toMatchObject({
      status: null,
      fault: { caller: { kind: 'connection-error', code: 'ECONNREFUSED' } },
    })
  })

  it("emits the code on node:http's request 'error' event (ECONNREFUSED)", async () => {
    serve(createShop([fault('connection_refused').on('refund_payment')]))

    const outcome = await postRefundWithNode()
    expect(outcome.status).toBeUndefined()
    expect(outcome.error).toMatchObject({
      code: 'ECONNREFUSED',
      syscall: 'connect',
      message: 'connect ECONNREFUSED shop.agenttwin.invalid:443',
    })
  })

  it('resets the connection after the effect was applied (ECONNRESET, fetch and node:http)', async () => {
    const shop = serve(createShop([fault('reset_after_effect').on('refund_payment')]))

    const error = await postJson(REFUND_URL, REFUND).catch((reason: unknown) => reason)
    expect(error).toMatchObject({
      message: 'fetch failed',
      cause: { code: 'ECONNRESET', syscall: 'read' },
    })

    const outcome = await postRefundWithNode()
    expect(outcome.error).toMatchObject({ code: 'ECONNRESET', message: 'read ECONNRESET' })

    expect(refundOf(shop)).toBe(2)
  })

  it('shows EPIPE after its delay', async () => {
    serve(
      createTwin(shopDocument, {
        faults: showing({ kind: 'connection-error', code: 'EPIPE', delayMs: 40 }),
      }),
    )

    const started = performance.now()
    const error = await postJson(REFUND_URL, REFUND).catch((reason: unknown) => reason)
    expect(performance.now() - started).toBeGreaterThanOrEqual(35)
    expect(error).toMatchObject({
      message: 'fetch failed',
      cause: { code: 'EPIPE', syscall: 'write' },
    })

    const outcome = await postRefundWithNode()
    expect(outcome.error).toMatchObject({ code: 'EPIPE', message: 'write EPIPE' })
  })
})

describe('no response', () => {
  it("never answers fetch until the caller's own signal fires", async () => {
    const shop = serve(
      createShop([fault('timeout_after_mutation').on('refund_payment').with({ hang: true })]),
    )

    const started = performance.now()
    const error = await fetch(REFUND_URL, {
      method: 'POST',
      body: JSON.stringify(REFUND),
      signal: AbortSignal.timeout(80),
    }).catch((reason: unknown) => reason)

    expect(performance.now() - started).toBeGreaterThanOrEqual(75)
    expect(error).toMatchObject({ name: 'TimeoutError' })
    expect(refundOf(shop)).toBe(1)
  })

  it('never answers node:http until the caller destroys the request', async () => {
    serve(createShop([fault('timeout_after_mutation').on('refund_payment').with({ hang: true })]))

    const started = performance.now()
    const outcome = await postRefundWithNode(80)

    expect(performance.now() - started).toBeGreaterThanOrEqual(75)
    expect(outcome.status).toBeUndefined()
    expect(outcome.error?.code).toBe('CLIENT_TIMEOUT')
  })

  it('fails a request still waiting when the interception is disposed, like a dropped connection', async () => {
    serve(createShop([fault('timeout_after_mutation').on('refund_payment').with({ hang: true })]))

    const viaFetch = postJson(REFUND_URL, REFUND).catch((reason: unknown) => reason)
    const viaNode = postRefundWithNode()
    await new Promise((resolve) => setTimeout(resolve, 30))
    network?.dispose()

    expect(await viaFetch).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET' } })
    expect((await viaNode).error?.code).toBe('ECONNRESET')
  })
})
