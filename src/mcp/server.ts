import type { CallToolResult, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { CallerView } from '../core/fault-model.ts'
import type { JsonObject } from '../core/json.ts'
import { waitUnlessAborted } from '../core/wait.ts'
import type { Twin } from '../twin/types.ts'
import type { FaultGate } from './fault-gate.ts'
import { attemptOf, toolResult } from './result.ts'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  mcpError,
  ReadResourceRequestSchema,
  Server,
} from './sdk.ts'
import { mcpTools } from './tools.ts'

/** The resources every twin server offers: what the twin recorded, and its state. */
export const RECORDS_URI = 'agenttwin://records'
export const STATE_URI = 'agenttwin://state'

export interface TwinServerContext {
  /** The twin that answers; read per call, so a reset twin takes over. */
  twin(): Twin
  /** Where responses that a transport must render itself are marked. */
  gate: FaultGate
  /** Aborted when the owner goes away: held calls end then. */
  lifetime?: AbortSignal
}

function viewText(view: CallerView): string {
  return view.kind === 'response' ? view.body : ''
}

function gone(): McpError {
  return mcpError(ErrorCode.ConnectionClosed, 'The request ended before the tool answered.')
}

/**
 * An MCP server (the official SDK's low-level `Server`) for one twin:
 * `tools/list` from the twin's declaration, `tools/call` through
 * `twin.call()` (records marked `transport: 'mcp'`), each fault rendered
 * the way its catalog entry says, and the records and state as resources.
 *
 * @example
 * const gate = new FaultGate(new StdioServerTransport(), render)
 * await createTwinServer({ twin: () => twin, gate }).connect(gate)
 */
export function createTwinServer(context: TwinServerContext): Server {
  const twin = context.twin()
  const server = new Server(
    { name: twin.name, version: twin.definition.metadata.version },
    { capabilities: { tools: {}, resources: {} } },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools(context.twin()) }))
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const current = context.twin()
    const { name, arguments: args = {}, _meta } = request.params
    if (!current.tools.some((tool) => tool.name === name)) {
      const names = current.tools.map((tool) => tool.name).join(', ')
      return {
        content: [
          {
            type: 'text',
            text: `Twin "${current.name}" has no tool "${name}". Its tools: ${names}.`,
          },
        ],
        isError: true,
      } satisfies CallToolResult
    }
    const attempt = attemptOf(_meta)
    const { record, view } = current.call({
      tool: name,
      args: args as JsonObject,
      attempt,
      transport: 'mcp',
    })
    const kind = record.fault?.caller.mcp ?? 'tool-result'
    const signals = [extra.signal, context.lifetime]
    switch (kind) {
      case 'tool-result': {
        const delay = view.kind === 'response' ? (view.delayMs ?? 0) : 0
        if (delay > 0 && !(await waitUnlessAborted(delay, signals))) throw gone()
        return toolResult(view)
      }
      case 'jsonrpc-error':
        throw mcpError(ErrorCode.InternalError, `Tool "${name}" failed: ${viewText(view)}`)
      case 'no-answer':
        await waitUnlessAborted(Number.POSITIVE_INFINITY, signals)
        throw gone()
      default:
        context.gate.mark(extra.requestId, kind, viewText(view))
        return toolResult(view)
    }
  })
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: RECORDS_URI,
        name: 'records',
        mimeType: 'application/json',
        description: 'Every call the twin recorded (CallRecord JSON).',
      },
      {
        uri: STATE_URI,
        name: 'state',
        mimeType: 'application/json',
        description: "The twin's current state.",
      },
    ],
  }))
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params
    const current = context.twin()
    if (uri !== RECORDS_URI && uri !== STATE_URI) {
      throw mcpError(
        ErrorCode.InvalidParams,
        `No resource ${uri}; read ${RECORDS_URI} or ${STATE_URI}.`,
      )
    }
    const value = uri === RECORDS_URI ? current.records() : current.state()
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] }
  })
  return server
}
