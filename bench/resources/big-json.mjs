#!/usr/bin/env node
// Peak memory and time of loading a big `.json` twin, against plain
// `JSON.parse` of the same file in the same run (the baseline). For each size
// (default 10, 50 and 100 MB) it writes a twin whose state is that big, then
// runs each phase in its own child process under /usr/bin/time -v:
//   parse      JSON.parse(readFileSync(file, 'utf8')): the floor
//   load       loadTwinSync(file): read, parse, schema and semantic checks
//   scenario   loadScenarioSync + pinCase + runCase of 10 calls on that twin
// and prints one JSON line per size with each phase's peak RSS, wall time and
// its ratio to the baseline. Run `npm run build` first, then:
//   node bench/resources/big-json.mjs 10 50 100
// The limits are raised for the run (the default document limit is 16 MiB).
// DIST=<dir> measures another build.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

async function main(sizes) {
  const self = fileURLToPath(import.meta.url)
  const env = {
    ...process.env,
    AGENTTWIN_MAX_DOCUMENT_BYTES: '512MiB',
    AGENTTWIN_MAX_STATE_BYTES: '512MiB',
  }
  for (const megabytes of sizes) {
    const dir = mkdtempSync(join(tmpdir(), 'agenttwin-big-json-'))
    const file = join(dir, 'shop.twin.json')
    writeTwin(file, megabytes)
    writeScenario(join(dir, 'big.scenario.yaml'))
    const phases = {}
    for (const phase of ['parse', 'load', 'scenario']) {
      const run = spawnSync(
        '/usr/bin/time',
        ['-v', process.execPath, self, '--child', phase, file],
        {
          env,
          encoding: 'utf8',
          maxBuffer: 16 << 20,
        },
      )
      const stat = (name) => new RegExp(`${name}: (.+)`).exec(run.stderr ?? '')?.[1]?.trim()
      const out = (run.stdout ?? '').trim()
      phases[phase] = {
        exit: run.status,
        rssMb: Math.round(Number(stat('Maximum resident set size \\(kbytes\\)') ?? 0) / 1024),
        wall: stat('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)'),
        ...(out ? JSON.parse(out) : { error: (run.stderr ?? '').split('\n')[0] }),
      }
    }
    const ratio = (phase) => Number((phases[phase].rssMb / phases.parse.rssMb).toFixed(2))
    console.log(
      JSON.stringify({
        megabytes,
        ...phases,
        rssRatio: { load: ratio('load'), scenario: ratio('scenario') },
      }),
    )
    rmSync(dir, { recursive: true, force: true })
  }
}

async function child(phase, file) {
  const started = performance.now()
  const took = () => Math.round(performance.now() - started)
  if (phase === 'parse') {
    const value = JSON.parse(readFileSync(file, 'utf8'))
    console.log(JSON.stringify({ ms: took(), orders: Object.keys(value.state.orders).length }))
    return
  }
  const { load } = await import('./load.mjs')
  const api = await load('index')
  if (phase === 'load') {
    const twin = api.loadTwinSync(file)
    console.log(JSON.stringify({ ms: took(), orders: Object.keys(twin.state.orders).length }))
    return
  }
  const loaded = api.loadScenarioSync(join(file, '..', 'big.scenario.yaml'))
  const pinned = api.pinCase({ file: loaded.file, document: loaded.document, twin: loaded.twin })
  const run = await api.runCase(pinned, agent)
  console.log(JSON.stringify({ ms: took(), calls: run.records.length, finished: !run.error }))
}

const agent = {
  name: 'agent',
  version: '1',
  async run(_input, { baseUrl }) {
    for (let i = 0; i < 10; i++) {
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

/** A twin of two tools whose state holds orders until the file is `megabytes` big. */
function writeTwin(file, megabytes) {
  const parts = []
  let size = 0
  for (let i = 0; size < megabytes * 1024 * 1024; i++) {
    const order = `"ORD-${i}":{"order_id":"ORD-${i}","status":"delivered","total":40,"refund_count":0,"note":"${'x'.repeat(400)}"}`
    parts.push(order)
    size += order.length + 1
  }
  const tool = (name, risk, handler) => ({
    name,
    description: `${name} of one order.`,
    risk,
    http: { method: 'POST', path: `/${name}` },
    input: { type: 'object', properties: { order_id: { type: 'string' } } },
    handler,
  })
  const head = {
    apiVersion: 'agenttwin/twin.v1',
    metadata: { name: 'shop', version: '1.0.0' },
    http: { baseUrl: 'https://shop.agenttwin.invalid' },
    tools: [
      tool('lookup_order', 'READ', { kind: 'read', target: 'orders.{order_id}' }),
      tool('refund_payment', 'WRITE_IRREVERSIBLE', {
        kind: 'mutate',
        target: 'orders.{order_id}',
        effects: [{ op: 'increment', path: 'refund_count', by: 1 }],
      }),
    ],
  }
  writeFileSync(
    file,
    `${JSON.stringify(head).slice(0, -1)},"state":{"orders":{${parts.join(',')}}}}\n`,
  )
}

function writeScenario(file) {
  writeFileSync(
    file,
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
}

const [mode, ...rest] = process.argv.slice(2)
if (mode === '--child') await child(rest[0], rest[1])
else await main(mode === undefined ? [10, 50, 100] : [mode, ...rest].map(Number))
