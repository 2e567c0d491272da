import { attachSurface } from '../http/surfaces.ts'
import type { Twin } from '../twin/types.ts'
import { DEFAULT_MCP_PATH, mcpSurface } from './streamable.ts'

/** A twin answering MCP wherever an interception serves it. */
export interface McpEndpoint {
  /** `<baseUrl>/mcp`: give it to `StreamableHTTPClientTransport`. */
  readonly url: string
  /** Ends the sessions and stops answering MCP. Safe twice. */
  close(): Promise<void>
}

/**
 * Serves a twin over MCP (Streamable HTTP) at `<baseUrl>/mcp`, in process:
 * wherever an interception serves the twin (`network.use(twin)`, a scope,
 * `useTwin`), an MCP client's requests to that URL reach the twin through
 * the same interception as its HTTP tools, with the same state and records.
 *
 * @example
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js'
 * import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
 * const mcp = serveMcp(twin)
 * const client = new Client({ name: 'agent', version: '1.0.0' })
 * await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)))
 * await client.callTool({ name: 'lookup_order', arguments: { order_id: 'ORD-1001' } })
 * twin.records()[0].transport // 'mcp'
 */
export function serveMcp(twin: Twin, options: { path?: string } = {}): McpEndpoint {
  const path = options.path ?? DEFAULT_MCP_PATH
  const mcp = mcpSurface({ path })
  const detach = attachSurface(twin, mcp.surface)
  return {
    url: `${twin.baseUrl.replace(/\/+$/, '')}${path}`,
    close() {
      detach()
      return mcp.close()
    },
  }
}
