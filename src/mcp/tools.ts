import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import type { ToolDefinition } from '../schema/twin-document.ts'
import type { Twin } from '../twin/types.ts'

/**
 * The MCP annotations a tool's own declaration implies: `READ` is read-only;
 * `WRITE_IRREVERSIBLE` is destructive; a declared idempotency argument makes
 * it idempotent; `OUTBOUND_COMMUNICATION` reaches the open world. Every hint
 * is set explicitly, because the protocol's defaults assume the worst.
 *
 * @example
 * toolAnnotations(refundTool) // { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }
 */
export function toolAnnotations(tool: ToolDefinition): ToolAnnotations {
  return {
    readOnlyHint: tool.risk === 'READ',
    destructiveHint: tool.risk === 'WRITE_IRREVERSIBLE',
    idempotentHint: tool.risk === 'READ' || tool.idempotency !== undefined,
    openWorldHint: tool.risk === 'OUTBOUND_COMMUNICATION',
  }
}

/** A twin's tools as `tools/list` answers them: name, description, input schema, annotations. */
export function mcpTools(twin: Pick<Twin, 'tools'>): Tool[] {
  return twin.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    // MCP wants an object schema at the top; twin.v1 inputs are objects already.
    inputSchema: { type: 'object', ...tool.input } as Tool['inputSchema'],
    annotations: toolAnnotations(tool),
  }))
}
