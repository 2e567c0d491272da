/**
 * A JSON-RPC line over the MCP message limit: the SDK's stdio transport
 * cannot tell where the next message starts and closes, so the server ends,
 * and says why on stderr with a non-zero exit (it used to end with exit 0
 * and nothing said).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { serveStdio } from '../../src/public/mcp.ts'
import { createTwin } from '../../src/twin/index.ts'
import { paymentsDocument } from '../faults/support/payments-twin.ts'
import { normaliseText } from '../support/normalise-text.ts'

const BIN = fileURLToPath(new URL('../../bin/agenttwin.js', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-mcp-limit-'))
const twinFile = join(dir, 'payments.twin.json')
writeFileSync(twinFile, JSON.stringify(paymentsDocument))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const initialize = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  },
})}\n`
const oversized = (bytes: number) =>
  `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: 'x'.repeat(bytes) } })}\n`

describe('a stdio MCP message over the limit', () => {
  it('ends the session with the reason kept, and a message under the limit is served', async () => {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    let output = ''
    stdout.on('data', (chunk) => {
      output += String(chunk)
    })
    const server = await serveStdio(createTwin(paymentsDocument), {
      stdin,
      stdout,
      maxMessageBytes: 4096,
    })
    stdin.write(initialize)
    await new Promise<void>((resolve) =>
      stdout.on('data', () => output.includes('"id":1') && resolve()),
    )
    stdin.write(oversized(10_000))
    await server.closed
    expect(server.failure).toMatchObject({
      code: 'AGENTTWIN_LIMIT_EXCEEDED',
      limit: 'mcpMessageBytes',
      max: 4096,
    })
    expect(normaliseText(server.failure?.message ?? '')).toMatchInlineSnapshot(
      `"A JSON-RPC message on stdin is over the MCP message size limit of 4 KiB. Fix: make it smaller, or raise the limit for the run: AGENTTWIN_MAX_MCP_MESSAGE_BYTES=8KiB (see docs/guide/limits.md)."`,
    )
  })

  it('agenttwin mcp exits 1 and names the limit and how to raise it on stderr', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp', twinFile], {
      env: { ...process.env, AGENTTWIN_MAX_MCP_MESSAGE_BYTES: '64KiB' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk)
    })
    const exit = new Promise<number | null>((resolve) => child.on('exit', resolve))
    child.stdin.write(initialize)
    // The answer to initialize first: the server is up and serving.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
    child.stdout.resume()
    child.stdin.write(oversized(100_000))
    expect(await exit).toBe(1)
    expect(normaliseText(stderr)).toMatchInlineSnapshot(`
      "agenttwin mcp: A JSON-RPC message on stdin is over the MCP message size limit of 64 KiB. Fix: make it smaller, or raise the limit for the run: AGENTTWIN_MAX_MCP_MESSAGE_BYTES=128KiB (see docs/guide/limits.md). [AGENTTWIN_LIMIT_EXCEEDED]
      "
    `)
  }, 30_000)
})
