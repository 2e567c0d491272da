#!/usr/bin/env node
// `agenttwin mcp <twin> --records <file>` driven by an MCP client over stdio:
// CALLS tool calls (default 4,000), one after another. Prints one JSON line
// with the mean time per call over the first and the last 200 calls: a
// records file rewritten on every call makes the last ones slower.
// Run `npm run build` first; DIST=<dir> measures another build (its bin/ beside it).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const root = fileURLToPath(new URL('../../', import.meta.url))
const bin = process.env.DIST
  ? join(dirname(process.env.DIST), 'bin/agenttwin.js')
  : join(root, 'bin/agenttwin.js')
const calls = Number(process.argv[2] ?? 4000)
const window = Math.min(200, Math.floor(calls / 2))
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-mcp-records-'))
const records = join(dir, 'records.json')
const twin = join(root, 'examples/demo-co/twins/demo-co.twin.yaml')

const client = new Client({ name: 'bench', version: '1.0.0' })
await client.connect(
  new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', twin, '--records', records],
    stderr: 'ignore',
  }),
)
const times = []
for (let i = 0; i < calls; i++) {
  const start = performance.now()
  await client.callTool({ name: 'lookup_order', arguments: { order_id: 'ORD-1001' } })
  times.push(performance.now() - start)
}
await client.close()
await new Promise((resolve) => setTimeout(resolve, 200))
const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length
const written = JSON.parse(readFileSync(records, 'utf8'))
rmSync(dir, { recursive: true, force: true })
console.log(
  JSON.stringify({
    calls,
    recorded: written.records.length,
    firstMsPerCall: Number(mean(times.slice(0, window)).toFixed(2)),
    lastMsPerCall: Number(mean(times.slice(-window)).toFixed(2)),
  }),
)
