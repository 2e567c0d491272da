import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { JsonObject } from '../../../src/core/json.ts'
import {
  classifyStatus,
  parseJson,
  type ReportedToolCall,
  type ToolFailure,
  type ToolReply,
} from './tool-client.ts'

export interface McpToolClientOptions {
  /** The MCP endpoint (Streamable HTTP). */
  url: string
  signal: AbortSignal
  timeoutMs: number
}

/**
 * Calls the agent's tools as MCP tools through the official SDK client.
 * Gives the planner the same replies as the HTTP client: a tool result's
 * status comes from its `_meta`, a request that gets no answer in time is a
 * timeout, one the transport loses is a broken connection.
 *
 * @example
 * const tools = await McpToolClient.connect({ url, signal, timeoutMs: 5000 })
 * const reply = await tools.call('lookup_order', { order_id: 'ORD-1001' })
 * await tools.close()
 */
export class McpToolClient {
  readonly calls: ReportedToolCall[] = []
  readonly #client: Client
  readonly #options: McpToolClientOptions

  private constructor(client: Client, options: McpToolClientOptions) {
    this.#client = client
    this.#options = options
  }

  static async connect(options: McpToolClientOptions): Promise<McpToolClient> {
    const client = new Client({ name: 'demo-co-support', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL(options.url)))
    return new McpToolClient(client, options)
  }

  async call(tool: string, args: JsonObject, attempt = 1): Promise<ToolReply> {
    const reply = await this.#send(tool, args, attempt)
    this.calls.push({ tool, args, status: reply.status, attempt })
    return reply
  }

  close(): Promise<void> {
    return this.#client.close()
  }

  async #send(tool: string, args: JsonObject, attempt: number): Promise<ToolReply> {
    const { signal, timeoutMs } = this.#options
    let result: CallToolResult
    try {
      result = (await this.#client.callTool(
        {
          name: tool,
          arguments: args,
          ...(attempt > 1 && { _meta: { 'agenttwin/attempt': attempt } }),
        },
        undefined,
        { timeout: timeoutMs, signal },
      )) as CallToolResult
    } catch (error) {
      if (signal.aborted) throw error
      return { status: null, body: null, failure: failureOf(error) }
    }
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('')
    const status = result._meta?.['agenttwin/status']
    const body = parseJson(text.split('\n')[0] ?? '')
    if (typeof status !== 'number') {
      return {
        status: null,
        body: body ?? text,
        ...(result.isError && { failure: 'rejected' as const }),
      }
    }
    const failure = classifyStatus(status, body !== undefined)
    return { status, body: body ?? text, ...(failure && { failure }) }
  }
}

function failureOf(error: unknown): ToolFailure {
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) return 'timeout'
  if (error instanceof McpError && error.code === ErrorCode.InternalError) return 'server'
  return 'connection'
}
