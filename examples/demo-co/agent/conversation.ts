import type { ConversationContext } from '../../../src/scenario/types.ts'
import { money } from './order.ts'
import type { AgentPlan } from './plan.ts'
import { understand } from './request.ts'
import { handleSupportRequest, type ServiceContext, type SupportResponse } from './service.ts'
import { lookupOrder } from './session.ts'
import { ToolClient } from './tool-client.ts'

const TRY_AGAIN = /\b(?:try (?:it )?again|retry|one more time|once more)\b/i
const YES = /\b(?:yes|yeah|yep|go ahead|please do|confirm(?:ed)?|ok(?:ay)?|sure)\b/i
const OFFER =
  /Shall I refund (\d+(?:\.\d+)?) (USD|EUR|GBP) for order (ORD-\d+)\?|refund at most (\d+(?:\.\d+)?) (USD|EUR|GBP) for order (ORD-\d+)[^?]*Shall I refund/

/**
 * One turn of a conversation with the support agent. The customer's earlier
 * messages still count (an order number given in turn 2 completes the refund
 * asked for in turn 1), and "please try again" is a retry, handled by the
 * manifest's retry rule: a plan that verifies before retrying reads the
 * order first and does not refund what is already refunded; a plan that
 * retries at once simply runs the request again.
 */
export async function handleConversationTurn(
  agent: { name: string; version: string; plan: AgentPlan },
  input: unknown,
  conversation: ConversationContext,
  context: ServiceContext,
): Promise<SupportResponse> {
  const said = conversation.messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
  const latest = said.at(-1) ?? ''
  const offered = offerIn(conversation)
  // A yes to the agent's own offer is a request for exactly what it offered.
  const message =
    offered && YES.test(latest)
      ? `Please refund ${offered.amount} ${offered.currency} for order ${offered.orderId}.`
      : said.join(' ')
  const body = { ...(input as Record<string, unknown>), message }
  if (TRY_AGAIN.test(latest) && agent.plan.onRefundFailure === 'verify-then-retry') {
    const verified = await verifyBeforeRetry(agent, said.join(' '), context)
    if (verified) return verified
  }
  return handleSupportRequest(agent, body, context)
}

/** The order already shows a refund: say so instead of refunding twice. */
async function verifyBeforeRetry(
  agent: { name: string; version: string; plan: AgentPlan },
  message: string,
  context: ServiceContext,
): Promise<SupportResponse | undefined> {
  const { orderId } = understand(message)
  if (!orderId || context.mcpUrl) return undefined
  const tools = new ToolClient({
    baseUrl: context.toolsBaseUrl,
    signal: context.signal,
    timeoutMs: context.toolTimeoutMs,
  })
  const read = await lookupOrder({ plan: agent.plan, tools }, orderId)
  if ('resolution' in read || read.order.refunds.length === 0) return undefined
  const { order } = read
  return {
    agent: { name: agent.name, version: agent.version },
    reply: `I checked order ${order.order_id} before trying again: your refund has already gone through (${money(order.refunded_amount, order.currency)} refunded), so I have not refunded it a second time.`,
    outcome: 'SUCCESS',
    tool_calls: tools.calls,
    handed_off: false,
    warnings: [...agent.plan.warnings],
  }
}

/** The refund the agent offered in its last reply ("Shall I refund 128.00 USD?"), if it did. */
function offerIn(
  conversation: ConversationContext,
): { amount: string; currency: string; orderId: string } | undefined {
  const last = conversation.messages.filter((message) => message.role === 'assistant').at(-1)
  const found = last && OFFER.exec(last.content)
  if (!found) return undefined
  return found[1]
    ? { amount: found[1], currency: found[2]!, orderId: found[3]! }
    : { amount: found[4]!, currency: found[5]!, orderId: found[6]! }
}
