/**
 * Every fault over MCP's stdio transport: the official SDK client spawns
 * `agenttwin mcp <scenario> --records <file>` and the records file says what
 * the twin did. Faults that close the output get a process of their own; the
 * others share one, each rule firing on its own call number.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, describe, expect, it } from 'vitest'
import type { CallRecord } from '../../src/core/call-record.ts'
import type { FaultType } from '../../src/core/fault-model.ts'
import { type FaultTypeName, faultCatalog } from '../../src/faults/catalog.ts'
import { ORDER_BEFORE, paymentsDocument } from '../faults/support/payments-twin.ts'
import { callTool, expectCallerFact, PARAMS, type Seen } from './support/caller-fact.ts'

const BIN = fileURLToPath(new URL('../../bin/agenttwin.js', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-mcp-'))
writeFileSync(join(dir, 'payments.twin.json'), JSON.stringify(paymentsDocument))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const orderId = (index: number) => `ORD-${index + 1}`
const CLOSING = new Set(['stream-cut', 'connection-lost'])
const kindOf = (entry: FaultType) => entry.mcp?.kind ?? 'tool-result'
const tested = faultCatalog.filter((entry) => entry.type !== 'stale_read' && !entry.injection)

function scenario(name: string, faults: FaultType[]): string {
  const file = join(dir, `${name}.scenario.json`)
  const rules = faults.map((entry, index) => ({
    id: `rule-${entry.type}`,
    tool: 'refund_payment',
    when: { call: index + 1 },
    fault: entry.type,
    ...(PARAMS[entry.type as FaultTypeName] && { params: PARAMS[entry.type as FaultTypeName] }),
  }))
  const document = {
    apiVersion: 'agenttwin/scenario.v1',
    id: name,
    version: '1.0.0',
    title: `MCP contract: ${name}`,
    twin: './payments.twin.json',
    input: { message: 'refund the orders' },
    // One fresh order per call, so each fault's effect is its own.
    state: {
      orders: Object.fromEntries(
        faults.map((_, index) => [orderId(index), { ...ORDER_BEFORE, order_id: orderId(index) }]),
      ),
    },
    faults: rules,
    expectations: [{ id: 'refund-called', type: 'calledTool', tool: 'refund_payment' }],
  }
  writeFileSync(file, JSON.stringify(document))
  return file
}

/** Runs the faults in order, one refund each, then reads the records the server left. */
async function overStdio(name: string, faults: FaultType[]) {
  const records = join(dir, `${name}.records.json`)
  const client = new Client({ name: 'contract', version: '1.0.0' })
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', scenario(name, faults), '--records', records],
    stderr: 'ignore',
  })
  const closed = new Promise<void>((resolve) => {
    client.onclose = () => resolve()
  })
  await client.connect(transport)
  const seen: Seen[] = []
  for (const [index] of faults.entries()) {
    seen.push(await callTool(client, 'refund_payment', { order_id: orderId(index), amount: 40 }))
  }
  await client.close()
  await closed
  const written = JSON.parse(readFileSync(records, 'utf8')) as { records: CallRecord[] }
  return { seen, records: written.records }
}

function expectBothFacts(entry: FaultType, seen: Seen | undefined, record: CallRecord | undefined) {
  if (!record || !seen) throw new Error(`${entry.type}: the call was not recorded`)
  expect(record.fault?.type).toBe(entry.type)
  expect(record.fault?.dependency).toBe(entry.dependency.effect)
  expect(record.changes.length > 0).toBe(
    entry.dependency.effect !== 'none' && entry.dependency.effect !== 'deferred',
  )
  expectCallerFact(kindOf(entry), seen, record)
}

describe('a twin as an MCP server over stdio (agenttwin mcp)', () => {
  const shared = tested.filter((entry) => !CLOSING.has(kindOf(entry)))

  it(`${shared.length} faults that keep the server up, one call each`, async () => {
    const { seen, records } = await overStdio('shared', shared)
    expect(records.map((record) => record.fault?.type)).toEqual(shared.map((e) => e.type))
    for (const [index, entry] of shared.entries()) {
      expectBothFacts(entry, seen[index], records[index])
    }
  }, 60_000)

  it.each(tested.filter((entry) => CLOSING.has(kindOf(entry))).map((e) => [e.type, e] as const))(
    '%s closes the output with no full answer',
    async (type, entry) => {
      const { seen, records } = await overStdio(type, [entry])
      expect(records).toHaveLength(1)
      expectBothFacts(entry, seen[0], records[0])
    },
    30_000,
  )
})
