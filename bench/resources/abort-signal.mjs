#!/usr/bin/env node
// An agent that hands one AbortSignal to every fetch it makes, through the
// test network: CALLS calls (default 20,000) in cases of 100, each case a
// fresh twin in its own scope, all sharing the agent's one signal. Prints one
// JSON line: the signal's abort listeners (the most seen after any call), and the heap (after GC) before and
// after, per-call heap growth and any process warnings. Run `npm run build`
// first, then:
//   /usr/bin/time -v node --expose-gc bench/resources/abort-signal.mjs
// DIST=<dir> measures another build (e.g. the one before a change).
import { getEventListeners } from 'node:events'
import { load } from './load.mjs'

const { createTwin } = await load('public/index')
const { createInterception } = await load('public/msw')

const calls = Number(process.argv[2] ?? 20_000)
const perCase = 100
const warnings = []
process.on('warning', (warning) => warnings.push(`${warning.name}: ${warning.message}`))

const document = {
  apiVersion: 'agenttwin/twin.v1',
  metadata: { name: 'shop', version: '1.0.0' },
  http: { baseUrl: 'https://shop.agenttwin.invalid' },
  state: { orders: { 'ORD-1': { order_id: 'ORD-1', total: 40 } } },
  tools: [
    {
      name: 'lookup_order',
      description: 'Reads one order.',
      risk: 'READ',
      http: { method: 'POST', path: '/lookup_order' },
      input: { type: 'object', properties: { order_id: { type: 'string' } } },
      handler: { kind: 'read', target: 'orders.{order_id}' },
    },
  ],
}

const gc = globalThis.gc
if (!gc) throw new Error('run with node --expose-gc')
// Finalizers (undici's per-request ones among them) run on a later turn than the collection.
const heap = async () => {
  for (let i = 0; i < 3; i++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return process.memoryUsage().heapUsed
}

const agent = new AbortController()
const { signal } = agent
const network = createInterception()
const listenersBefore = getEventListeners(signal, 'abort').length
const heapBefore = await heap()
let listenersPeak = 0
const start = performance.now()
for (let done = 0; done < calls; done += perCase) {
  const twin = createTwin(document)
  await network.scope([twin], async () => {
    for (let i = 0; i < perCase; i++) {
      const response = await fetch('https://shop.agenttwin.invalid/lookup_order', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: 'ORD-1' }),
        ...(process.env.NO_SIGNAL ? {} : { signal }),
      })
      await response.json()
      listenersPeak = Math.max(listenersPeak, getEventListeners(signal, 'abort').length)
    }
  })
  twin.dispose?.()
}
const ms = performance.now() - start
// Let timers and microtasks of the last call settle before counting.
await new Promise((resolve) => setTimeout(resolve, 50))
const heapAfter = await heap()
const listenersAfter = getEventListeners(signal, 'abort').length
network.dispose()
console.log(
  JSON.stringify({
    calls,
    ms: Math.round(ms),
    listenersBefore,
    listenersAfter,
    listenersPeak,
    heapBefore,
    heapAfter,
    heapGrowthPerCall: Math.round((heapAfter - heapBefore) / calls),
    warnings: warnings.length,
    firstWarning: warnings[0],
  }),
)
