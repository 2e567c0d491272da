/**
 * The MCP SDK's runtime values, loaded through `loadPeer`: the SDK is an
 * optional peer, so a project without it that serves a twin over MCP (the
 * `agenttwin/mcp` entry, a scenario with `transport: mcp`, `agenttwin mcp`,
 * `agenttwin serve`) gets a `MissingPeerError` naming what to install, not
 * Node's "Cannot find package". Types come from the SDK directly.
 */
import type * as ServerModule from '@modelcontextprotocol/sdk/server/index.js'
import type * as StdioModule from '@modelcontextprotocol/sdk/server/stdio.js'
import type * as StreamableModule from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js'
import { loadPeer } from '../core/peer.ts'

/** The package, as npm names it. */
const SDK = '@modelcontextprotocol/sdk'

function loadSdk<T>(load: () => Promise<T>): Promise<T> {
  return loadPeer('Serving a twin over MCP', [SDK], SDK, load)
}

const server: typeof ServerModule = await loadSdk(
  () => import('@modelcontextprotocol/sdk/server/index.js'),
)
const stdio: typeof StdioModule = await loadSdk(
  () => import('@modelcontextprotocol/sdk/server/stdio.js'),
)
const streamable: typeof StreamableModule = await loadSdk(
  () => import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
)
const types: typeof TypesModule = await loadSdk(() => import('@modelcontextprotocol/sdk/types.js'))

export const Server = server.Server
export type Server = ServerModule.Server
export const StdioServerTransport = stdio.StdioServerTransport
export const WebStandardStreamableHTTPServerTransport =
  streamable.WebStandardStreamableHTTPServerTransport
export type WebStandardStreamableHTTPServerTransport =
  StreamableModule.WebStandardStreamableHTTPServerTransport
export const {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} = types

/**
 * An MCP protocol error to throw from a request handler. A function rather
 * than the class itself, so the SDK's error class stays the SDK's: every
 * class this package exports is an `AgentTwinError`.
 */
export function mcpError(code: number, message: string): TypesModule.McpError {
  return new types.McpError(code, message)
}
