/**
 * What the caller itself is told when the guard refuses it, where the
 * generic error path says little: a global WebSocket (whose events carry no
 * reason of their own), a worker thread (which no twin serves), an HTTP/2
 * session, a raw `tcp_wrap` connect and DNS queries.
 */
import dns from 'node:dns'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import http2 from 'node:http2'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { Worker } from 'node:worker_threads'
import { WebSocket as UndiciWebSocket } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { describeUnhandled } from '../../../src/http/errors.ts'
import { createInterception, type Interception } from '../../../src/public/msw.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { type CountingServer, countingServer, failure } from './support.ts'

// Node 22 has a global WebSocket (undici's); Node 20 only behind --experimental-websocket. The same class stands in.
globalThis.WebSocket ??= UndiciWebSocket as unknown as typeof WebSocket

let server: CountingServer
let network: Interception | undefined
let scratch: string

beforeAll(async () => {
  server = await countingServer()
  scratch = mkdtempSync(join(tmpdir(), 'agenttwin-worker-'))
})
afterAll(async () => {
  await server.close()
  rmSync(scratch, { recursive: true, force: true })
})
afterEach(() => {
  network?.dispose()
  network = undefined
})

interface SocketOutcome {
  opened: boolean
  error?: { message?: string; error?: unknown }
  close?: { code: number; reason: string; wasClean: boolean }
}

function openSocket(url: string): Promise<SocketOutcome> {
  return new Promise((resolve) => {
    const outcome: SocketOutcome = { opened: false }
    const socket = new WebSocket(url)
    socket.onopen = () => {
      outcome.opened = true
    }
    socket.onerror = (event) => {
      const { message, error } = event as ErrorEvent
      outcome.error = { message, error }
    }
    socket.onclose = ({ code, reason, wasClean }) => {
      outcome.close = { code, reason, wasClean }
      resolve(outcome)
    }
  })
}

function runWorker(script: string, options?: { eval: boolean }): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, options)
    worker.once('message', (message) => {
      void worker.terminate()
      resolve(String(message))
    })
    worker.once('error', reject)
  })
}

describe('a refused global WebSocket', () => {
  it('never opens, and its error and close events carry the refusal with the URL and the fix', async () => {
    network = createInterception()
    const before = server.arrivals.length
    const url = `ws://127.0.0.1:${server.port}/prices`

    const outcome = await openSocket(url)

    expect(server.arrivals.slice(before)).toEqual([])
    expect(outcome.opened).toBe(false)
    expect(normaliseText(outcome.error?.message ?? '')).toMatchInlineSnapshot(`
      "AgentTwin blocked GET ws://127.0.0.1:<port>/prices (websocket): a WebSocket handshake; no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
    expect(outcome.error?.error).toMatchObject({ code: 'AGENTTWIN_UNHANDLED_REQUEST' })
    expect(outcome.close).toEqual({
      code: 1008,
      reason: outcome.error?.message,
      wasClean: expect.any(Boolean),
    })
    expect(network.unhandled.map(describeUnhandled)).toEqual([`GET ${url} (websocket)`])
  })

  it('goes through to a host the test allowed', async () => {
    network = createInterception({ allowLoopback: true })
    const before = server.arrivals.length

    const outcome = await openSocket(`ws://127.0.0.1:${server.port}/prices`)

    // The counting server is no WebSocket server: the connection arrives, then fails for real.
    expect(server.arrivals.slice(before)).toContain('tcp')
    expect(outcome.error?.message ?? '').not.toContain('AgentTwin')
    expect(network.unhandled).toEqual([])
  })
})

describe('a request from a worker thread', () => {
  it("is refused with the worker's script, the URL and what to do instead", async () => {
    network = createInterception()
    const before = server.arrivals.length
    const script = join(scratch, 'agent-worker.mjs')
    writeFileSync(
      script,
      `import { parentPort } from 'node:worker_threads'\n` +
        `try { await fetch('${server.url}/tools/refund', { method: 'POST' }); parentPort.postMessage('arrived') }\n` +
        'catch (error) { parentPort.postMessage(String(error?.cause?.message ?? error?.message)) }\n',
    )

    const seenInWorker = await runWorker(script)
    await new Promise((resolve) => setTimeout(resolve, 50))

    expect(server.arrivals.slice(before)).toEqual([])
    expect(
      normaliseText(seenInWorker, { scratch: relative(process.cwd(), scratch) }),
    ).toMatchInlineSnapshot(`
      "AgentTwin blocked POST http://127.0.0.1:<port>/tools/refund (worker) from worker_threads worker #1 (<scratch>/agent-worker.mjs): no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Twins answer only on the thread that runs the test, so a request from worker_threads worker #1 (<scratch>/agent-worker.mjs) is refused, never served.
      Fix: make the call on the test's thread, or serve the twin over HTTP with serveTwin() and let the worker reach it (allowLoopback). Otherwise serve http://127.0.0.1:<port> with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
    expect(network.unhandled.map(({ message }) => message)).toEqual([seenInWorker])
    expect(network.unhandled.map(describeUnhandled)).toEqual([
      `POST ${server.url}/tools/refund (worker)`,
    ])
  })

  it('names inline worker code as such', async () => {
    network = createInterception()
    const seen = await runWorker(
      `const { parentPort } = require('node:worker_threads');\nfetch('${server.url}/w').then(() => parentPort.postMessage('arrived'), (e) => parentPort.postMessage(String(e.cause?.message ?? e.message)))`,
      { eval: true },
    )
    expect(normaliseText(seen)).toMatchInlineSnapshot(`
      "AgentTwin blocked GET http://127.0.0.1:<port>/w (worker) from worker_threads worker #1 (inline code): no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Twins answer only on the thread that runs the test, so a request from worker_threads worker #1 (inline code) is refused, never served.
      Fix: make the call on the test's thread, or serve the twin over HTTP with serveTwin() and let the worker reach it (allowLoopback). Otherwise serve http://127.0.0.1:<port> with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
  })
})

/** The message of what a call failed with. */
async function refusalOf(call: () => Promise<unknown>): Promise<string> {
  const error = (await failure(call)) as Error | undefined
  return String(error?.message)
}

describe('what the caller sees below fetch and node:http', () => {
  it('an http2.connect session fails with the refusal naming its origin, and nothing arrives', async () => {
    network = createInterception()
    const before = server.arrivals.length
    const message = await refusalOf(
      () =>
        new Promise((_resolve, reject) => {
          const session = http2.connect(server.url)
          session.on('error', reject)
          session.request({ ':path': '/h2' }).on('error', () => {})
        }),
    )
    expect(normaliseText(message)).toMatchInlineSnapshot(`
      "AgentTwin blocked http2 http://127.0.0.1:<port>: an HTTP/2 session (http2.connect); no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: serve http://127.0.0.1:<port> with a twin (a twin whose http.baseUrl covers it), allow the host (agentTwin({ network: { allowHosts: ['127.0.0.1:<port>'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
    expect(server.arrivals.slice(before)).toEqual([])
    expect(network.unhandled.map(describeUnhandled)).toEqual([`http2 ${server.url}`])
  })

  it("a raw process.binding('tcp_wrap') connect throws the refusal with host and port", async () => {
    network = createInterception()
    const { TCP, TCPConnectWrap, constants } = (
      process as unknown as {
        binding(name: string): {
          TCP: new (type: number) => { connect(...args: unknown[]): number; close(): void }
          TCPConnectWrap: new () => object
          constants: { SOCKET: number }
        }
      }
    ).binding('tcp_wrap')
    const handle = new TCP(constants.SOCKET)
    const message = await refusalOf(async () =>
      handle.connect(new TCPConnectWrap(), '127.0.0.1', server.port),
    )
    handle.close()
    expect(message).toMatch(
      new RegExp(`^AgentTwin blocked tcp_wrap tcp://127\\.0\\.0\\.1:${server.port}: a raw connect`),
    )
  })

  it('a DNS query names the host, and where it would have asked (DNS server host:port)', async () => {
    network = createInterception()
    const servers = dns.getServers()
    const resolved = await refusalOf(() => dns.promises.resolve4('leak.example.com'))
    expect(resolved).toMatch(
      /^AgentTwin blocked dns dns:\/\/leak\.example\.com: a DNS query \(dns\.promises\.resolve4 of leak\.example\.com, asked of /,
    )
    if (servers.length > 0) expect(resolved).toMatch(/asked of the DNS server \S+:\d+/)
    const service = await refusalOf(
      () =>
        new Promise((_resolve, reject) =>
          dns.lookupService('192.0.2.7', 8443, (error) => reject(error)),
        ),
    )
    // No twin answers DNS, so the fix does not offer one.
    expect(service).toMatchInlineSnapshot(`
      "AgentTwin blocked dns dns://192.0.2.7:8443: a DNS query (dns.lookupService of 192.0.2.7 port 8443, asked of the system resolver); no twin answers it, and tests never reach the real network.
      Twins in use: none.
      Fix: allow the host (agentTwin({ network: { allowHosts: ['192.0.2.7:8443'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself), or stop the code under test from calling it. An agent in another process is not covered by this guard: run it against serveTwin() or \`agenttwin serve\`."
    `)
  })
})
