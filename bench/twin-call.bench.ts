/**
 * What a twin costs per tool call, against the floor msw itself sets.
 *
 * (a) a twin tool call through msw + fetch (the way agents call tools),
 * (b) a bare msw handler answering the same JSON through fetch, on the same
 *     interception (so msw and the network guard cost both the same),
 * (c) the same twin call made directly with `twin.call`, no HTTP.
 *
 * (a)/(b) is the overhead of routing, argument reading, the twin and the
 * caller view over a plain handler; the aim is at most 1.15.
 * Run: npm run bench
 */
import { HttpResponse, http } from 'msw'
import { afterAll, bench, describe } from 'vitest'
import { createInterception } from '../src/public/msw.ts'
import { createShop, SHOP_URL } from '../test/http/support/shop-twin.ts'

const BARE_URL = 'https://bare.agenttwin.invalid/orders/ORD-1001'
const ORDER_URL = `${SHOP_URL}/orders/ORD-1001`

const network = createInterception()
const viaHttp = createShop()
const direct = createShop()
network.use(viaHttp)
const order = direct.call({ tool: 'lookup_order', args: { order_id: 'ORD-1001' } }).record.response
// After the twins' router, so each request passes the other's matcher, as in a real suite.
network.server.resetHandlers(
  ...network.server.listHandlers(),
  http.get(BARE_URL, () => HttpResponse.json(order)),
)

async function read(url: string): Promise<void> {
  const res = await fetch(url)
  if (res.status !== 200) throw new Error(`expected 200 from ${url}, got ${res.status}`)
  await res.json()
}

async function timeCalls(url: string, calls: number): Promise<number> {
  const started = performance.now()
  for (let call = 0; call < calls; call++) await read(url)
  return performance.now() - started
}

/**
 * tinybench runs (a) to the end before (b) starts, so load that comes and
 * goes on the machine lands on one of them. This ratio alternates short
 * rounds of both (ABBA order) and takes the median, which such drift barely moves.
 */
async function interleavedRatio(rounds: number, callsPerRound: number): Promise<number> {
  const ratios: number[] = []
  for (let round = 0; round < rounds; round++) {
    const twinFirst = round % 2 === 0
    const first = await timeCalls(twinFirst ? ORDER_URL : BARE_URL, callsPerRound)
    const second = await timeCalls(twinFirst ? BARE_URL : ORDER_URL, callsPerRound)
    ratios.push(twinFirst ? first / second : second / first)
  }
  ratios.sort((x, y) => x - y)
  return ratios[Math.floor(ratios.length / 2)]!
}

afterAll(async () => {
  const ratio = await interleavedRatio(100, 10)
  console.log(
    `(a)/(b), median of 100 interleaved rounds of 10 calls each: ${ratio.toFixed(3)} (aim: at most 1.15)`,
  )
  network.dispose()
}, 120_000)

const options = { time: 3000, warmupTime: 500 }

describe('one lookup_order call', () => {
  bench('(a) twin through msw + fetch', () => read(ORDER_URL), options)
  bench('(b) bare msw handler through fetch', () => read(BARE_URL), options)
  bench(
    '(c) twin.call directly',
    () => {
      direct.call({ tool: 'lookup_order', args: { order_id: 'ORD-1001' } })
    },
    options,
  )
})
