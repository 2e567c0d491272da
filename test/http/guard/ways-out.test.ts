/**
 * Every way out of the process a Node test can take, against a real server on
 * this machine that counts what arrives. With the guard on and loopback not
 * allowed, nothing may arrive, and each refusal must name method + URL (or
 * host + port where the protocol has no URL) and who sent it. A child process
 * is the one way an in-process guard cannot close (see README).
 */
import { execFile } from 'node:child_process'
import dgram from 'node:dgram'
import dns from 'node:dns'
import http, * as httpNamespace from 'node:http'
import { get as httpGet, request as httpRequest } from 'node:http'
import http2 from 'node:http2'
import https, { request as httpsRequest } from 'node:https'
import { createRequire } from 'node:module'
import net from 'node:net'
import { Writable } from 'node:stream'
import tls from 'node:tls'
import { Worker } from 'node:worker_threads'
import axios from 'axios'
import got from 'got'
import ky from 'ky'
import nodeFetch from 'node-fetch'
import {
  Agent,
  Client,
  Pool,
  pipeline,
  request,
  stream,
  WebSocket as UndiciWebSocket,
  fetch as undiciFetch,
} from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { describeUnhandled } from '../../../src/http/errors.ts'
import { createInterception, type Interception } from '../../../src/public/msw.ts'
import { type CountingServer, countingServer, failure } from './support.ts'

// Node 22 has a global WebSocket (undici's); Node 20 only behind --experimental-websocket. The same class stands in.
globalThis.WebSocket ??= UndiciWebSocket as unknown as typeof WebSocket
const requireHere = createRequire(import.meta.url)

let server: CountingServer
// Opened before any guard, as module code of a test file would: a warmed keep-alive pool and fetch.
const fetchBefore = globalThis.fetch
const httpRequestBefore = http.request
let warmPool: Pool
let rawBefore: net.Socket
let network: Interception | undefined
let arrivedBefore = 0

beforeAll(async () => {
  server = await countingServer()
  warmPool = new Pool(server.url, { connections: 1 })
  await (await warmPool.request({ path: '/warm', method: 'GET' })).body.text()
  await (await fetchBefore(`${server.url}/warm-fetch`)).text()
  rawBefore = net.connect(server.port, '127.0.0.1')
  await new Promise((resolve) => rawBefore.once('connect', resolve))
})
afterAll(async () => {
  rawBefore.destroy()
  await warmPool.close()
  await server.close()
})
afterEach(() => {
  network?.dispose()
  network = undefined
})

function nodeGet(send: typeof http.request, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    send(url, (response) => {
      response.resume()
      response.on('end', resolve)
    })
      .on('error', reject)
      .end()
  })
}

function inWorker(code: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');\n(async () => { try { ${code}; parentPort.postMessage('arrived') } catch (error) { parentPort.postMessage(String(error?.cause?.message ?? error?.message)) } })()`,
      { eval: true },
    )
    worker.once('message', (message) => {
      void worker.terminate()
      resolve(String(message))
    })
    worker.once('error', reject)
  })
}

/** Opens a WebSocket and fails with what its error event says (never resolves on open: that is a leak). */
function websocketFails(Socket: typeof WebSocket, url: string): Promise<never> {
  return new Promise((_resolve, reject) => {
    const socket = new Socket(url)
    socket.onerror = (event) => reject(new Error((event as ErrorEvent).message || 'error'))
  })
}

type Way = [name: string, send: (base: string, port: number) => Promise<unknown>, refusal: RegExp]

const ways: Way[] = [
  ['global fetch', (b) => fetch(`${b}/a`), /^GET http:\/\/127\.0\.0\.1:\d+\/a$/],
  [
    'a fetch captured at import',
    (b) => fetchBefore(`${b}/a`, { method: 'POST', body: '{}' }),
    /^POST .*\/a \(undici\)$/,
  ],
  [
    'a fetch warmed at import (keep-alive socket)',
    (b) => fetchBefore(`${b}/warm-fetch`),
    /^GET .*\/warm-fetch \(undici\)$/,
  ],
  ['node:http request', (b) => nodeGet(http.request, `${b}/a`), /^GET .*\/a$/],
  [
    'node:http get',
    (b) =>
      nodeGet(
        ((url: string, cb: (r: http.IncomingMessage) => void) =>
          http.get(url, cb)) as typeof http.request,
        `${b}/a`,
      ),
    /^GET .*\/a$/,
  ],
  ['node:http as an ESM namespace', (b) => nodeGet(httpNamespace.request, `${b}/a`), /^GET .*\/a$/],
  [
    'node:https',
    (_b, p) => nodeGet(https.request, `https://127.0.0.1:${p}/a`),
    /^GET https:\/\/127\.0\.0\.1:\d+\/a$/,
  ],
  [
    'node:http request captured at import',
    (b) => nodeGet(httpRequestBefore, `${b}/a`),
    /^GET http:\/\/127\.0\.0\.1:\d+\/a \(node:http\)$|^GET .*\/a$/,
  ],
  ['node:http named `request` import', (b) => nodeGet(httpRequest, `${b}/a`), /^GET .*\/a$/],
  [
    'node:http named `get` import',
    (b) =>
      nodeGet(
        ((url: string, cb: (r: http.IncomingMessage) => void) =>
          httpGet(url, cb)) as typeof http.request,
        `${b}/a`,
      ),
    /^GET .*\/a$/,
  ],
  [
    'node:https named `request` import',
    (_b, p) => nodeGet(httpsRequest, `https://127.0.0.1:${p}/a`),
    /^GET https:\/\/127\.0\.0\.1:\d+\/a$/,
  ],
  [
    'node:http through createRequire',
    (b) => nodeGet(requireHere('node:http').request, `${b}/a`),
    /^GET .*\/a$/,
  ],
  [
    'node:https through createRequire',
    (_b, p) => nodeGet(requireHere('node:https').request, `https://127.0.0.1:${p}/a`),
    /^GET https:\/\/127\.0\.0\.1:\d+\/a$/,
  ],
  [
    'axios (http adapter)',
    (b) => axios.post(`${b}/a`, { x: 1 }, { adapter: 'http' }),
    /^POST .*\/a$/,
  ],
  ['axios (fetch adapter)', (b) => axios.get(`${b}/a`, { adapter: 'fetch' }), /^GET .*\/a$/],
  ['got', (b) => got(`${b}/a`, { retry: { limit: 0 } }).text(), /^GET .*\/a$/],
  ['ky', (b) => ky.delete(`${b}/a`, { retry: 0 }).text(), /^DELETE .*\/a$/],
  ['node-fetch', (b) => nodeFetch(`${b}/a`, { method: 'PATCH', body: '{}' }), /^PATCH .*\/a$/],
  [
    'http2.connect',
    (b) =>
      new Promise((_r, reject) => {
        const session = http2.connect(b)
        session.on('error', reject)
        session.request({ ':path': '/h2' }).on('error', reject).end()
      }),
    /^http2 http:\/\/127\.0\.0\.1:\d+$/,
  ],
  [
    'undici request',
    (b) => request(`${b}/a`, { method: 'PUT', body: 'x' }),
    /^PUT .*\/a \(undici\)$/,
  ],
  ['undici fetch', (b) => undiciFetch(`${b}/a`), /^GET .*\/a \(undici\)$/],
  [
    'undici stream',
    (b) =>
      stream(`${b}/a`, { method: 'GET' }, () => new Writable({ write: (_c, _e, done) => done() })),
    /^GET .*\/a \(undici\)$/,
  ],
  [
    'undici pipeline',
    (b) =>
      new Promise((resolve, reject) => {
        const duplex = pipeline(`${b}/a`, { method: 'GET' }, ({ body }) => body)
        duplex.on('error', reject).on('end', resolve).resume().end()
      }),
    /^GET .*\/a \(undici\)$/,
  ],
  ['undici Agent', (b) => request(`${b}/a`, { dispatcher: new Agent() }), /^GET .*\/a \(undici\)$/],
  [
    'undici Client',
    (b) => new Client(b).request({ path: '/a', method: 'GET' }),
    /^GET .*\/a \(undici\)$/,
  ],
  [
    'an undici Pool warmed at import (keep-alive socket)',
    () => warmPool.request({ path: '/pooled', method: 'GET' }),
    /^GET .*\/pooled \(undici\)$/,
  ],
  [
    'a write on a raw socket opened at import',
    () =>
      new Promise((_r, reject) => {
        rawBefore.on('error', reject)
        rawBefore.write('GET /raw HTTP/1.1\r\nhost: x\r\n\r\n')
      }),
    /^socket tcp:\/\/127\.0\.0\.1:\d+$/,
  ],
  [
    'net.connect',
    (_b, p) => new Promise((_r, reject) => net.connect(p, '127.0.0.1').on('error', reject)),
    /^socket tcp:\/\/127\.0\.0\.1:\d+$/,
  ],
  [
    'tls.connect',
    (_b, p) => new Promise((_r, reject) => tls.connect(p, '127.0.0.1').on('error', reject)),
    /^socket tls:\/\/127\.0\.0\.1:\d+$/,
  ],
  [
    "process.binding('tcp_wrap')",
    (_b, p) => {
      const { TCP, TCPConnectWrap, constants } = (
        process as unknown as { binding(n: string): any }
      ).binding('tcp_wrap')
      const handle = new TCP(constants.SOCKET)
      try {
        const code = handle.connect(new TCPConnectWrap(), '127.0.0.1', p)
        return code < 0 ? Promise.reject(new Error(`connect returned ${code}`)) : Promise.resolve()
      } finally {
        handle.close()
      }
    },
    /^tcp_wrap tcp:\/\/127\.0\.0\.1:\d+$/,
  ],
  [
    'dns.lookup',
    () => new Promise((_r, reject) => dns.lookup('leak.example.com', (e) => reject(e))),
    /^dns dns:\/\/leak\.example\.com$/,
  ],
  [
    'dns.promises.lookup',
    () => dns.promises.lookup('leak.example.com'),
    /^dns dns:\/\/leak\.example\.com$/,
  ],
  [
    'dns.resolve4',
    () => new Promise((_r, reject) => dns.resolve4('leak.example.com', (e) => reject(e))),
    /^dns dns:\/\/leak\.example\.com$/,
  ],
  [
    'dns.promises.resolveTxt',
    () => dns.promises.resolveTxt('leak.example.com'),
    /^dns dns:\/\/leak\.example\.com$/,
  ],
  [
    'a dns.Resolver',
    () =>
      new Promise((_r, reject) =>
        new dns.Resolver().resolve4('leak.example.com', (e) => reject(e)),
      ),
    /^dns dns:\/\/leak\.example\.com$/,
  ],
  [
    'a dns.promises.Resolver',
    () => new dns.promises.Resolver().resolveMx('leak.example.com'),
    /^dns dns:\/\/leak\.example\.com$/,
  ],
  [
    'dgram send',
    (_b, p) =>
      new Promise((_r, reject) => {
        const socket = dgram.createSocket('udp4')
        socket.send('ping', p, '127.0.0.1', (error) => {
          socket.close()
          reject(error)
        })
      }),
    /^udp udp:\/\/127\.0\.0\.1:\d+$/,
  ],
  [
    'undici WebSocket',
    (_b, p) =>
      new Promise((_r, reject) => {
        const socket = new UndiciWebSocket(`ws://127.0.0.1:${p}/live`)
        socket.onerror = () => reject(new Error('websocket error'))
      }),
    /^GET ws:\/\/127\.0\.0\.1:\d+\/live \(websocket\)$/,
  ],
  [
    'global WebSocket',
    (_b, p) => websocketFails(globalThis.WebSocket, `ws://127.0.0.1:${p}/live-global`),
    /^GET ws:\/\/127\.0\.0\.1:\d+\/live-global \(websocket\)$/,
  ],
  [
    'fetch in a worker_threads worker',
    (b) => inWorker(`await fetch('${b}/w')`).then(rejectUnlessRefused),
    /^GET .*\/w \(worker\)$/,
  ],
  [
    'node:http in a worker_threads worker',
    (b) =>
      inWorker(
        `await new Promise((ok, no) => require('node:http').get('${b}/w', (r) => { r.resume(); r.on('end', ok) }).on('error', no))`,
      ).then(rejectUnlessRefused),
    /^GET .*\/w \(worker\)$/,
  ],
]

function rejectUnlessRefused(outcome: string): Promise<never> {
  return Promise.reject(new Error(outcome))
}

describe('every way out is refused, and nothing arrives', () => {
  it.each(ways)(
    '%s',
    async (_name, send, refusal) => {
      arrivedBefore = server.arrivals.length
      network = createInterception()
      const error = await failure(() => send(server.url, server.port))
      // Workers report over a channel: give their message a turn to arrive.
      await new Promise((resolve) => setTimeout(resolve, 50))

      expect(error).toBeDefined()
      expect(server.arrivals.slice(arrivedBefore)).toEqual([])
      const described = network.unhandled.map(describeUnhandled)
      expect(described.length).toBeGreaterThan(0)
      expect(described.some((line) => refusal.test(line))).toBe(true)
      // Each refusal names the request on its first line and ends with the one fix, nothing unfilled.
      for (const request of network.unhandled) {
        expect(request.message).toMatch(/^AgentTwin blocked \S+ \S+[ :]/)
        expect(request.message).toMatch(
          /(?:\n|Otherwise: )Fix: .* An agent in another process is not covered by this guard: run it against serveTwin\(\) or `agenttwin serve`\.$/,
        )
        expect(request.message).not.toMatch(/\b(null|undefined)\b/)
      }
    },
    30_000,
  )

  it('a request scheduled inside a scope and sent after it ended is refused and kept as unscoped', async () => {
    arrivedBefore = server.arrivals.length
    network = createInterception()
    let late: Promise<unknown> | undefined
    await network.scope([], () => {
      late = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        failure(() => fetch(`${server.url}/late`)),
      )
    })
    expect(await late).toBeDefined()
    expect(server.arrivals.slice(arrivedBefore)).toEqual([])
    expect(network.unscoped.map(describeUnhandled)).toEqual([`GET ${server.url}/late`])
  })

  it('a child process is the one way out an in-process guard cannot close (README: serveTwin)', async () => {
    arrivedBefore = server.arrivals.length
    network = createInterception()
    const code = `fetch('${server.url}/child').then((r) => r.text())`
    await new Promise((resolve, reject) =>
      execFile(process.execPath, ['-e', code], (error) => (error ? reject(error) : resolve(null))),
    )
    expect(server.arrivals.slice(arrivedBefore)).toContain('GET /child')
    expect(network.unhandled).toEqual([])
  })

  it('lets loopback through when allowed, for every client kind above HTTP', async () => {
    arrivedBefore = server.arrivals.length
    network = createInterception({ allowLoopback: true })
    await (await fetch(`${server.url}/ok`)).text()
    await (await request(`${server.url}/ok-undici`)).body.text()
    expect(server.arrivals.slice(arrivedBefore).filter((line) => line !== 'tcp')).toEqual([
      'GET /ok',
      'GET /ok-undici',
    ])
    expect(network.unhandled).toEqual([])
  })
})
