import { describe, expect, it } from 'vitest'
import { faultCatalog } from '../../src/faults/catalog.ts'
import { toolAnnotations } from '../../src/mcp/tools.ts'
import type { ToolDefinition } from '../../src/schema/twin-document.ts'

const tool = (risk: ToolDefinition['risk'], idempotent = false): ToolDefinition => ({
  name: 't',
  description: 'd',
  risk,
  input: { type: 'object' },
  handler: { kind: 'static', response: { status: 200, body: {} } },
  ...(idempotent && { idempotency: { argument: 'idempotency_key' } }),
})

describe('MCP tool annotations follow the declaration', () => {
  it.each([
    [
      'READ',
      false,
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    ],
    [
      'WRITE_REVERSIBLE',
      false,
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    ],
    [
      'WRITE_IRREVERSIBLE',
      true,
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    ],
    [
      'OUTBOUND_COMMUNICATION',
      false,
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    ],
  ] as const)('%s (idempotency %s)', (risk, idempotent, expected) => {
    expect(toolAnnotations(tool(risk, idempotent))).toEqual(expected)
  })

  it('every catalog fault says how it looks over MCP', () => {
    const missing = faultCatalog.filter((entry) => !entry.mcp).map((entry) => entry.type)
    expect(missing).toEqual([])
  })
})
