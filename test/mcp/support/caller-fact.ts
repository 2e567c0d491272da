import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import { expect } from 'vitest'
import type { CallRecord } from '../../../src/core/call-record.ts'
import type { McpCallerKind } from '../../../src/core/fault-model.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import type { FaultTypeName } from '../../../src/faults/catalog.ts'

/** Params that make a fault visible on the payments twin's refund (as the HTTP contract uses them). */
export const PARAMS: Partial<Record<FaultTypeName, JsonObject>> = {
  schema_drift: { rename: { status: 'state' }, drop: ['refund_id'] },
  business_rejection_in_200: { reason: 'card_declined' },
  slow_success: { delayMs: 20 },
  rate_limited: { retryAfterSeconds: 3 },
}

/** What the official client gave the caller of one `tools/call`. */
export type Seen = { kind: 'result'; result: CallToolResult } | { kind: 'failed'; error: unknown }

export async function callTool(
  client: Client,
  name: string,
  args: JsonObject,
  timeout = 300,
): Promise<Seen> {
  try {
    const result = (await client.callTool({ name, arguments: args }, undefined, {
      timeout,
    })) as CallToolResult
    return { kind: 'result', result }
  } catch (error) {
    return { kind: 'failed', error }
  }
}

/** Fact two over MCP, as the client saw it, checked against the catalog's rendering and the record. */
export function expectCallerFact(kind: McpCallerKind, seen: Seen, record: CallRecord): void {
  expect(record.transport).toBe('mcp')
  if (record.fault) expect(record.fault.caller.mcp).toBe(kind)
  if (kind === 'tool-result') {
    if (seen.kind !== 'result') throw new Error(`expected a tool result, got ${String(seen.error)}`)
    const status = record.status!
    expect(seen.result._meta?.['agenttwin/status']).toBe(status)
    expect(seen.result.isError === true).toBe(status >= 400)
    const text = (seen.result.content[0] as { text: string }).text
    expect(text.startsWith(JSON.stringify(record.response))).toBe(true)
    return
  }
  expect(record.status).toBeNull()
  if (seen.kind !== 'failed') throw new Error(`expected the call to fail, got a ${kind} result`)
  if (kind === 'jsonrpc-error') {
    expect(seen.error).toBeInstanceOf(McpError)
    expect((seen.error as McpError).code).toBe(ErrorCode.InternalError)
  } else if (kind === 'no-answer') {
    expect((seen.error as McpError).code).toBe(ErrorCode.RequestTimeout)
  } else {
    // A transport-level failure: never a JSON-RPC error the server sent.
    expect(seen.error instanceof McpError && seen.error.code === ErrorCode.InternalError).toBe(
      false,
    )
  }
}
