/**
 * Run with `node --expose-gc --import tsx`: prints, as one JSON line, the
 * heap retained between case `from` and case `to` of one shared
 * interception running the happy-path refund scenario (the way the cases of
 * one `describeScenario` file run), the same between two points of plain msw
 * answering the same number of JSON POSTs per "case", and the size of one
 * case's own data (its CaseRun as JSON).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { HttpResponse, http as route } from 'msw'
import { setupServer } from 'msw/node'
import { createAgent } from '../../../examples/demo-co/agent/index.ts'
import { runCase } from '../../../src/case/run-case.ts'
import { createInterception } from '../../../src/public/msw.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import { loadScenarioSync } from '../../../src/schema/index.ts'

const [from, to] = [Number(process.argv[2] ?? 200), Number(process.argv[3] ?? 1200)]
const examples = new URL('../../../examples/demo-co/', import.meta.url)
const agent = createAgent(readFileSync(new URL('manifests/v1.2.4.md', examples), 'utf8'))
const loaded = loadScenarioSync(
  fileURLToPath(new URL('scenarios/refund-happy-path.scenario.yaml', examples)),
)
const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin }, {})
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('run the probe with node --expose-gc')

function heap(): number {
  gc!()
  gc!()
  return process.memoryUsage().heapUsed
}

async function growth(runOne: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < from; i++) await runOne()
  const before = heap()
  for (let i = from; i < to; i++) await runOne()
  return (heap() - before) / (to - from)
}

const network = createInterception()
let calls = 0
let caseBytes = 0
const agentTwin = await growth(() =>
  network.scope([], async () => {
    const run = await runCase(pinned, agent, { interception: network })
    calls = run.records.length
    caseBytes = JSON.stringify(run).length
  }),
)
network.dispose()

const baseUrl = pinned.twinDocument.http?.baseUrl ?? 'https://tools.demo-co.example'
const server = setupServer(
  route.post(`${baseUrl}/*`, async ({ request }) =>
    HttpResponse.json({ ok: true, args: await request.json() }),
  ),
)
server.listen({ onUnhandledRequest: 'error' })
const plainMsw = await growth(async () => {
  for (let k = 0; k < calls; k++) {
    const response = await fetch(`${baseUrl}/tools/lookup_order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'ORD-1001', attempt: k }),
    })
    await response.json()
  }
})
server.close()

console.log(JSON.stringify({ agentTwin, plainMsw, caseBytes, calls }))
