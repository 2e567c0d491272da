import type { ClaimedOutcome } from '../../../src/core/case-run.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import { McpToolClient } from './mcp-tool-client.ts'
import type { AgentPlan } from './plan.ts'
import { resolveRefund } from './refund-flow.ts'
import { replies } from './replies.ts'
import { readSupportRequest, understand } from './request.ts'
import { lookupOrder, type Resolution, resolved, type Session } from './session.ts'
import { ToolClient } from './tool-client.ts'

/** The JSON the support agent service answers with (its HTTP response body). */
export interface SupportResponse {
  agent: { name: string; version: string }
  reply: string
  outcome: ClaimedOutcome
  /** The agent's own account of its tool calls: testimony, not evidence. */
  tool_calls: Array<{ tool: string; args: JsonObject; status: number | null; attempt: number }>
  handed_off: boolean
  /** Manifest lines the planner did not understand, and conflicts it resolved. */
  warnings: string[]
}

export interface ServiceContext {
  /** Where the tools are served: `POST {toolsBaseUrl}/tools/{name}`. */
  toolsBaseUrl: string
  signal: AbortSignal
  /** How long one tool call may take. */
  toolTimeoutMs: number
  /** When set, the tools are MCP tools at this endpoint instead of HTTP routes. */
  mcpUrl?: string
}

/**
 * The support agent service: one customer request in, one JSON answer out.
 * Behaviour comes from the plan (the manifest's lines), never from a version.
 *
 * @example
 * const answer = await handleSupportRequest(
 *   { name: 'demo-co-support', version: '1.2.4', plan },
 *   { message: 'Please refund 40 USD for order ORD-1001', customer_id: 'CUS-501' },
 *   { toolsBaseUrl: 'https://tools.demo-co.example', signal, toolTimeoutMs: 5000 },
 * )
 * answer.outcome // 'SUCCESS'
 */
export async function handleSupportRequest(
  agent: { name: string; version: string; plan: AgentPlan },
  body: unknown,
  context: ServiceContext,
): Promise<SupportResponse> {
  const request = readSupportRequest(body)
  const { signal, toolTimeoutMs: timeoutMs, mcpUrl } = context
  const mcp = mcpUrl ? await McpToolClient.connect({ url: mcpUrl, signal, timeoutMs }) : undefined
  const tools = mcp ?? new ToolClient({ baseUrl: context.toolsBaseUrl, signal, timeoutMs })
  const session: Session = { plan: agent.plan, tools }
  if (request.customer_id) session.customerId = request.customer_id
  const resolution = await resolve(session, request.message).finally(() => mcp?.close())
  return {
    agent: { name: agent.name, version: agent.version },
    reply: resolution.reply,
    outcome: resolution.outcome,
    tool_calls: tools.calls,
    handed_off: resolution.handedOff,
    warnings: [...agent.plan.warnings],
  }
}

async function resolve(session: Session, message: string): Promise<Resolution> {
  const request = understand(message)
  if (!request.orderId) return resolved(replies.needOrderId(), 'FAILURE')
  if (request.intent === 'refund') return resolveRefund(session, request)
  const read = await lookupOrder(session, request.orderId)
  if ('resolution' in read) return read.resolution
  return resolved(replies.orderStatus(read.order), 'SUCCESS')
}
