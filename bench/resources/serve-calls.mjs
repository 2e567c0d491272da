#!/usr/bin/env node
// `agenttwin serve <twin> --mcp` driven over HTTP: CALLS tool calls (default
// 4,000) one after another, first as plain HTTP requests, then as MCP tool
// calls over Streamable HTTP. Prints one JSON line with the mean time per call
// over the first and the last 200 calls of each: a per-call cost that grows
// with the calls before it (records rewritten, listeners kept) makes the last
// ones slower. Run `npm run build` first; DIST=<dir> measures another build
// (its bin/ beside it).
import { spawn } from 'node:child_process'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const bin = process.env.DIST
  ? join(dirname(process.env.DIST), 'bin/agenttwin.js')
  : join(root, 'bin/agenttwin.js')
const calls = Number(process.argv[2] ?? 4000)
const window = Math.min(200, Math.floor(calls / 2))
const twin = join(root, 'examples/demo-co/twins/demo-co.twin.yaml')

const server = spawn(process.execPath, [bin, 'serve', twin, '--port', '0', '--mcp'], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
let output = ''
const url = await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => {
    output += chunk
    const found = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
    if (found && output.includes('Press Ctrl+C')) resolve(found[1])
  })
  server.on('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)))
})
// The tool lines read `  GET  http://…/orders/{order_id}  lookup_order (READ)`.
const route = /^\s+(\w+)\s+(\S+)\s+lookup_order\b/m.exec(output)
if (!route) throw new Error(`no lookup_order route in:\n${output}`)
const [, method, template] = route
const target = template.replace('{order_id}', 'ORD-1001')

const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length
const summary = (times) => ({
  firstMsPerCall: Number(mean(times.slice(0, window)).toFixed(2)),
  lastMsPerCall: Number(mean(times.slice(-window)).toFixed(2)),
})

const http = []
for (let i = 0; i < calls; i++) {
  const start = performance.now()
  const response = await fetch(target, {
    method,
    ...(method === 'GET' ? {} : { headers: { 'content-type': 'application/json' }, body: '{}' }),
  })
  await response.text()
  http.push(performance.now() - start)
}

const client = new Client({ name: 'bench', version: '1.0.0' })
await client.connect(new StreamableHTTPClientTransport(new URL(`${url}/mcp`)))
const mcp = []
for (let i = 0; i < calls; i++) {
  const start = performance.now()
  await client.callTool({ name: 'lookup_order', arguments: { order_id: 'ORD-1001' } })
  mcp.push(performance.now() - start)
}
await client.close()
server.kill('SIGINT')
await new Promise((resolve) => server.once('exit', resolve))
console.log(JSON.stringify({ calls, http: summary(http), mcp: summary(mcp) }))
