/**
 * Every fault over MCP, in process: the official SDK client over
 * Streamable HTTP reaches the twin through the interception. Each case checks
 * the caller fact the catalog names and the twin's record of the call.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterEach, describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import { fault } from '../../src/faults/builder.ts'
import { type FaultTypeName, faultCatalog } from '../../src/faults/catalog.ts'
import { createFaultPolicy } from '../../src/faults/rules.ts'
import { type McpEndpoint, serveMcp } from '../../src/public/mcp.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import { createTwin } from '../../src/twin/index.ts'
import type { Twin } from '../../src/twin/types.ts'
import { paymentsDocument } from '../faults/support/payments-twin.ts'
import { callTool, expectCallerFact, PARAMS } from './support/caller-fact.ts'

let network: Interception | undefined
let endpoint: McpEndpoint | undefined
let client: Client | undefined

afterEach(async () => {
  await client?.close()
  await endpoint?.close()
  network?.dispose()
  client = endpoint = network = undefined
})

async function connect(twin: Twin): Promise<Client> {
  network = createInterception({ twins: [twin] })
  endpoint = serveMcp(twin)
  client = new Client({ name: 'contract', version: '1.0.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url)))
  return client
}

const order = (twin: Twin) => (twin.state().orders as JsonObject)['ORD-1'] as JsonObject

describe('a twin as an MCP server (Streamable HTTP, in process)', () => {
  it('lists its tools with input schemas and annotations from the declaration', async () => {
    const mcp = await connect(createTwin(paymentsDocument))
    const { tools } = await mcp.listTools()
    expect(tools.map((tool) => [tool.name, tool.annotations])).toEqual([
      [
        'get_order',
        { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      ],
      [
        'refund_payment',
        { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      ],
    ])
    expect(tools[1]?.inputSchema).toEqual(paymentsDocument.tools[1]?.input)
  })

  it('runs the same twin call: the state changes and the record says mcp', async () => {
    const twin = createTwin(paymentsDocument)
    const mcp = await connect(twin)
    const seen = await callTool(mcp, 'refund_payment', { order_id: 'ORD-1', amount: 40 })
    expect(seen).toMatchObject({ kind: 'result', result: { _meta: { 'agenttwin/status': 201 } } })
    expect(order(twin)).toMatchObject({ refund_count: 1, refunded_amount: 40 })
    expect(twin.records()).toMatchObject([
      { tool: 'refund_payment', transport: 'mcp', status: 201 },
    ])
  })

  it('answers invalid arguments with a tool error the model can read, recorded like over HTTP', async () => {
    const twin = createTwin(paymentsDocument)
    const mcp = await connect(twin)
    const seen = await callTool(mcp, 'refund_payment', { order_id: 'ORD-1', amount: 'forty' })
    if (seen.kind !== 'result') throw new Error('expected a tool result')
    expect(seen.result.isError).toBe(true)
    expect(seen.result.content).toMatchInlineSnapshot(`
      [
        {
          "text": "{"error":"invalid_arguments","tool":"refund_payment","problems":[{"path":"amount","message":"must be number"}],"hint":"Fix the arguments listed in problems and call refund_payment again. It accepts: order_id (required), amount (required)."}",
          "type": "text",
        },
      ]
    `)
    expect(twin.records()).toMatchObject([{ status: 400, transport: 'mcp', changes: [] }])
  })

  it.each(
    faultCatalog
      // Injections have their own contract over HTTP and MCP (test/faults/injection-contract.test.ts).
      .filter((entry) => entry.type !== 'stale_read' && !entry.injection)
      .map((entry) => [entry.type as FaultTypeName, entry] as const),
  )('%s: the MCP caller fact and the record', async (type, entry) => {
    const rule = fault(type)
      .on('refund_payment')
      .at(1)
      .with(PARAMS[type] ?? {})
    const twin = createTwin(paymentsDocument, { faults: createFaultPolicy([rule], { seed: 0 }) })
    const mcp = await connect(twin)
    const seen = await callTool(mcp, 'refund_payment', { order_id: 'ORD-1', amount: 40 })
    const [record] = twin.records()
    if (!record) throw new Error('the call was not recorded')
    expect(record.fault?.dependency).toBe(entry.dependency.effect)
    expectCallerFact(entry.mcp?.kind ?? 'tool-result', seen, record)
    expect(record.changes.length > 0).toBe(
      entry.dependency.effect !== 'none' && entry.dependency.effect !== 'deferred',
    )
  })
  it('stale_read: after a refund, the read over MCP still shows the order as it was', async () => {
    const rule = fault('stale_read').on('get_order').at(1)
    const twin = createTwin(paymentsDocument, { faults: createFaultPolicy([rule], { seed: 0 }) })
    const before = structuredClone(order(twin))
    const mcp = await connect(twin)
    await callTool(mcp, 'refund_payment', { order_id: 'ORD-1', amount: 40 })
    const read = async () => {
      const seen = await callTool(mcp, 'get_order', { order_id: 'ORD-1' })
      if (seen.kind !== 'result') throw new Error('expected a tool result')
      expect(seen.result.isError).not.toBe(true)
      return JSON.parse((seen.result.content[0] as { text: string }).text)
    }
    expect(await read()).toEqual(before)
    expect(order(twin)).toMatchObject({ refund_count: 1, refunded_amount: 40 })
    expect(twin.records()[1]).toMatchObject({
      transport: 'mcp',
      fault: { type: 'stale_read', dependency: 'stale' },
    })
    expect(await read()).toEqual(order(twin))
  })
})
