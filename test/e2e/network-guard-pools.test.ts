import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type CountingServer, countingServer } from '../http/guard/support.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// One small project on the built package: each test leaks in its own way to
// a loopback server that counts what arrives, and is run under Vitest's
// forks and then threads pool. Nothing may arrive, and each test must fail
// with the refusal naming what it sent, swallowed or not.
const repo = fileURLToPath(new URL('../..', import.meta.url))
const twin = `${repo}examples/demo-co/twins/demo-co.twin.yaml`
let server: CountingServer
let root: string
const runs: Record<'forks' | 'threads', { run: VitestRun; arrivals: string[] }> = {} as never

const leakTest = `
import dns from 'node:dns'
import http from 'node:http'
import net from 'node:net'
import { Worker } from 'node:worker_threads'
import { describe, expect, test } from 'vitest'
import { useTwin } from 'agenttwin-under-test/vitest'

const target = process.env.LEAK_TARGET
const port = Number(new URL(target).port)

test('fetch', async () => {
  await fetch(target + '/fetch', { method: 'POST', body: '{}' })
})
test('node:http', () => new Promise((ok, no) => http.get(target + '/http', ok).on('error', no)))
test('net.connect', () => new Promise((ok, no) => net.connect(port, '127.0.0.1', ok).on('error', no)))
test('dns.lookup', () => dns.promises.lookup('leak.example.com'))
test('a worker thread', async () => {
  const seen = await new Promise((ok, no) => {
    const code = "fetch(" + JSON.stringify(target + '/worker') + ").then(() => require('node:worker_threads').parentPort.postMessage('arrived'), (e) => require('node:worker_threads').parentPort.postMessage(String(e.cause?.message ?? e.message)))"
    const worker = new Worker(code, { eval: true })
    worker.once('message', (message) => { void worker.terminate(); ok(message) })
    worker.once('error', no)
  })
  throw new Error('the worker saw: ' + seen)
})
test('a swallowed refusal', async () => {
  await fetch(target + '/swallowed').catch(() => {})
})
describe('with a twin', () => {
  const shop = useTwin(${JSON.stringify(twin)})
  test('the twin answers, the leak is refused though swallowed', async () => {
    const order = await fetch(shop.baseUrl + '/tools/lookup_order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'ORD-1001' }),
    })
    expect(order.status).toBe(200)
    await fetch(target + '/beside-twin', { method: 'PUT' }).catch(() => {})
  })
})
`

beforeAll(async () => {
  server = await countingServer()
  root = freshTmpDir('network-guard-pools')
  // The built package, under a name of its own so nothing resolves to the sources.
  writeFileSync(
    `${root}/vitest.config.mjs`,
    [
      "import { defineConfig } from 'vitest/config'",
      `import { agentTwin } from '${repo}dist/public/vitest.js'`,
      'export default defineConfig({',
      '  plugins: [agentTwin()],',
      `  resolve: { alias: { 'agenttwin-under-test/vitest': '${repo}dist/public/vitest.js' } },`,
      "  test: { include: ['leak.test.mjs'] },",
      '})',
      '',
    ].join('\n'),
  )
  writeFileSync(`${root}/leak.test.mjs`, leakTest)
  for (const pool of ['forks', 'threads'] as const) {
    const before = server.arrivals.length
    const run = await runVitest({ root, pool, maxWorkers: 1 }, [], {
      env: { LEAK_TARGET: server.url },
    })
    runs[pool] = { run, arrivals: server.arrivals.slice(before) }
  }
}, 240_000)

afterAll(async () => {
  await server?.close()
})

/** The first line of every error each test failed with, by test name. */
function failures(run: VitestRun): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const module of run.modules) {
    for (const test of module.children.allTests()) {
      out[test.fullName] = (test.result().errors ?? []).map((error) =>
        normaliseText(String(error.message).replaceAll(server.url, 'TARGET'), { root }),
      )
    }
  }
  return out
}

describe.each(['forks', 'threads'] as const)('under --pool=%s', (pool) => {
  test('nothing arrives at the server', () => {
    expect(runs[pool].arrivals).toEqual([])
  })

  test('every leaking test fails, and the twin still answered', () => {
    expect(
      testList(runs[pool].run.modules, root).map((line) => line.split(' | ').slice(1)),
    ).toEqual([
      ['fetch', 'failed'],
      ['node:http', 'failed'],
      ['net.connect', 'failed'],
      ['dns.lookup', 'failed'],
      ['a worker thread', 'failed'],
      ['a swallowed refusal', 'failed'],
      ['with a twin > the twin answers, the leak is refused though swallowed', 'failed'],
    ])
    expect(runs[pool].run.exitCode).toBe(1)
  })

  test('each failure names what was refused: method and URL, or host and port, and the fix', () => {
    const seen = failures(runs[pool].run)
    // One snapshot for both pools: the refusal reads the same under forks and threads.
    expect(seen).toMatchInlineSnapshot(`
      {
        "a swallowed refusal": [
          "1 request got no answer from a twin:
        - AgentTwin blocked GET TARGET/swallowed: no twin answers it, and tests never reach the real network.
      Fix: serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
        ],
        "a worker thread": [
          "the worker saw: AgentTwin blocked GET TARGET/worker (worker) from worker_threads worker #1 (inline code): no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Twins answer only on the thread that runs the test, so a request from worker_threads worker #1 (inline code) is refused, never served.
      Fix: make the call on the test's thread, or serve the twin over HTTP with serveTwin() and let the worker reach it (allowLoopback). Otherwise serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
          "1 request got no answer from a twin:
        - AgentTwin blocked GET TARGET/worker (worker) from worker_threads worker #1 (inline code): no twin answers it, and tests never reach the real network.
      Fix: make the call on the test's thread, or serve the twin over HTTP with serveTwin() and let the worker reach it (allowLoopback). Otherwise serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
        ],
        "dns.lookup": [
          "AgentTwin blocked dns dns://leak.example.com: a DNS query (dns.promises.lookup of leak.example.com, asked of the system resolver); no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: allow the host (agentTwin({ network: { allowHosts: ['leak.example.com'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
          "1 request got no answer from a twin:
        - AgentTwin blocked dns dns://leak.example.com: a DNS query (dns.promises.lookup of leak.example.com, asked of the system resolver); no twin answers it, and tests never reach the real network.
      Fix: allow the host (agentTwin({ network: { allowHosts: ['leak.example.com'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
        ],
        "fetch": [
          "AgentTwin blocked POST TARGET/fetch: no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
          "1 request got no answer from a twin:
        - AgentTwin blocked POST TARGET/fetch: no twin answers it, and tests never reach the real network.
      Fix: serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
        ],
        "net.connect": [
          "AgentTwin blocked socket tcp://127.0.0.1:<port>: a raw net / tls connection below HTTP; no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
          "1 request got no answer from a twin:
        - AgentTwin blocked socket tcp://127.0.0.1:<port>: a raw net / tls connection below HTTP; no twin answers it, and tests never reach the real network.
      Fix: allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
        ],
        "node:http": [
          "AgentTwin blocked GET TARGET/http: no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
          "1 request got no answer from a twin:
        - AgentTwin blocked GET TARGET/http: no twin answers it, and tests never reach the real network.
      Fix: serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
        ],
        "with a twin > the twin answers, the leak is refused though swallowed": [
          "1 request got no answer from a twin:
        - AgentTwin blocked PUT TARGET/beside-twin: no twin answers it, and tests never reach the real network.
      Fix: serve TARGET with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`.",
        ],
      }
    `)
    for (const [name, errors] of Object.entries(seen)) {
      expect(errors.join('\n'), name).not.toContain('null')
    }
  })
})
