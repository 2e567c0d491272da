/** MCP over a real loopback port, beside the tool routes and the inspection endpoints. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { expect, it } from 'vitest'
import { mcpSurface, RECORDS_URI } from '../../src/public/mcp.ts'
import { serveTwin } from '../../src/public/server.ts'
import { paymentsDocument } from '../faults/support/payments-twin.ts'

it('serves Streamable HTTP at <url>/mcp; inspection shows the MCP call', async () => {
  const mcp = mcpSurface()
  const served = await serveTwin(paymentsDocument, { surfaces: [mcp.surface] })
  const client = new Client({ name: 'remote', version: '1.0.0' })
  try {
    await client.connect(new StreamableHTTPClientTransport(new URL(`${served.url}/mcp`)))
    await client.callTool({ name: 'refund_payment', arguments: { order_id: 'ORD-1', amount: 40 } })
    const inspected = await fetch(`${new URL(served.url).origin}/__agenttwin/records`, {
      headers: { authorization: `Bearer ${served.inspectionToken}` },
    })
    expect(await inspected.json()).toMatchObject([{ tool: 'refund_payment', transport: 'mcp' }])
    const resource = await client.readResource({ uri: RECORDS_URI })
    const text = (resource.contents[0] as { text: string }).text
    expect(JSON.parse(text)).toMatchObject([{ tool: 'refund_payment', status: 201 }])
  } finally {
    await client.close()
    await mcp.close()
    await served.close()
  }
})
