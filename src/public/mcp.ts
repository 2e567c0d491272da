/**
 * `agenttwin/mcp`: a twin as an MCP server, with the same state, records,
 * idempotency and faults as over HTTP. Needs `@modelcontextprotocol/sdk`.
 *
 * @example
 * import { serveMcp } from 'agenttwin/mcp'
 * const mcp = serveMcp(twin) // answers at `${twin.baseUrl}/mcp` through the interception
 */
/* A twin as an MCP server */
export { type McpEndpoint, serveMcp } from '../mcp/serve-mcp.ts'
export { createTwinServer, RECORDS_URI, STATE_URI, type TwinServerContext } from '../mcp/server.ts'
export { type StdioOptions, type StdioServer, serveStdio } from '../mcp/stdio.ts'
export { DEFAULT_MCP_PATH, type McpSurface, mcpSurface } from '../mcp/streamable.ts'
