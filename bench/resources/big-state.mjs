#!/usr/bin/env node
// A twin whose state is MB megabytes of JSON (default 50), run as one case of
// CALLS tool calls (default 10: lookups and refunds) the way a scenario file
// runs: the twin document and the scenario are written to a temporary folder,
// loaded, pinned and run, and the CaseRun is built. Prints one JSON line with
// the time of each phase. Run `npm run build` first, then:
//   AGENTTWIN_MAX_DOCUMENT_BYTES=128MiB /usr/bin/time -v node bench/resources/big-state.mjs 50
// (a 50 MB twin is over the default 16 MiB document limit).
// The loaded twin is deep-frozen before pinning, as `agenttwin run`, `diff` and
// the plugin do (a frozen twin is pinned without a copy); FREEZE=0 pins an
// unfrozen one, as a caller of the public pinCase does who does not freeze it.
// DIST=<dir> measures another build; SOURCE=1 (with --import tsx) the sources.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { load } from './load.mjs'

const megabytes = Number(process.argv[2] ?? 50)
const calls = Number(process.argv[3] ?? 10)
const { loadScenarioSync, pinCase, runCase } = await load('public/index')

const BASE = 'https://shop.agenttwin.invalid'
const orders = {}
let size = 0
for (let i = 0; size < megabytes * 1024 * 1024; i++) {
  const order = {
    order_id: `ORD-${i}`,
    status: 'delivered',
    total: 40,
    refund_count: 0,
    refunded_amount: 0,
    note: 'x'.repeat(400),
  }
  orders[order.order_id] = order
  size += JSON.stringify(order).length + order.order_id.length + 4
}
const twin = {
  apiVersion: 'agenttwin/twin.v1',
  metadata: { name: 'shop', version: '1.0.0' },
  http: { baseUrl: BASE },
  state: { orders },
  tools: [
    {
      name: 'lookup_order',
      description: 'Reads one order.',
      risk: 'READ',
      http: { method: 'POST', path: '/lookup_order' },
      input: { type: 'object', properties: { order_id: { type: 'string' } } },
      handler: { kind: 'read', target: 'orders.{order_id}' },
    },
    {
      name: 'refund_payment',
      description: 'Refunds an order.',
      risk: 'WRITE_IRREVERSIBLE',
      http: { method: 'POST', path: '/refund_payment' },
      input: { type: 'object', properties: { order_id: { type: 'string' } } },
      handler: {
        kind: 'mutate',
        target: 'orders.{order_id}',
        effects: [{ op: 'increment', path: 'refund_count', by: 1 }],
      },
    },
  ],
}
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-big-state-'))
writeFileSync(join(dir, 'shop.twin.json'), JSON.stringify(twin))
writeFileSync(
  join(dir, 'big.scenario.yaml'),
  [
    'apiVersion: agenttwin/scenario.v1',
    'id: big-state',
    'version: 1.0.0',
    'title: A big state',
    'twin: ./shop.twin.json',
    'input: { message: go }',
    'expectations:',
    '  - { id: refunded, type: state, path: orders.ORD-1.refund_count, equals: 1 }',
    '',
  ].join('\n'),
)

const agent = {
  name: 'agent',
  version: '1',
  async run(_input, { baseUrl }) {
    for (let i = 0; i < calls; i++) {
      const tool = i % 2 === 0 ? 'lookup_order' : 'refund_payment'
      const response = await fetch(`${baseUrl}/${tool}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: `ORD-${i}` }),
      })
      await response.text()
    }
    return { reply: 'done', outcome: 'SUCCESS' }
  },
}

function deepFreeze(value) {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

const phases = {}
let at = performance.now()
const lap = (name) => {
  const now = performance.now()
  phases[name] = Math.round(now - at)
  at = now
}
const loaded = loadScenarioSync(join(dir, 'big.scenario.yaml'))
if (process.env.FREEZE !== '0') deepFreeze(loaded.twin)
lap('loadMs')
const pinned = pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin }, {})
lap('pinMs')
const run = await runCase(pinned, agent)
lap('runMs')
rmSync(dir, { recursive: true, force: true })
console.log(
  JSON.stringify({
    megabytes,
    calls: run.records.length,
    finished: run.error === undefined,
    error: run.error?.message,
    ...phases,
  }),
)
