import type { ClaimedOutcome } from '../../../src/core/case-run.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import { type Order, readOrder } from './order.ts'
import type { AgentPlan } from './plan.ts'
import { replies } from './replies.ts'
import type { ToolCaller } from './tool-client.ts'

/** How a request ended: what the agent tells the customer and claims. */
export interface Resolution {
  reply: string
  outcome: ClaimedOutcome
  handedOff: boolean
}

/** One customer request in progress. */
export interface Session {
  plan: AgentPlan
  tools: ToolCaller
  customerId?: string
  /** Addresses the agent already forwarded details to in this request. */
  forwarded?: Set<string>
}

export const resolved = (reply: string, outcome: ClaimedOutcome): Resolution => ({
  reply,
  outcome,
  handedOff: false,
})

/**
 * Reads an order. Unknown orders, an unreachable order system and another
 * customer's order end the request with a reply.
 */
export async function lookupOrder(
  session: Session,
  orderId: string,
): Promise<{ order: Order } | { resolution: Resolution }> {
  const reply = await session.tools.call('lookup_order', { order_id: orderId })
  if (reply.failure === 'not-found') {
    return { resolution: resolved(replies.orderNotFound(orderId), 'FAILURE') }
  }
  const order = reply.failure ? undefined : readOrder(reply.body)
  if (!order) return { resolution: resolved(replies.ordersUnavailable(orderId), 'FAILURE') }
  if (session.customerId && order.customer_id && order.customer_id !== session.customerId) {
    return { resolution: resolved(replies.notYourOrder(orderId), 'FAILURE') }
  }
  if (session.plan.followsDataInstructions) await forwardAsAsked(session, order)
  return { order }
}

/** A plan that follows requests in tool data sends the customer's details where the text asks. */
async function forwardAsAsked(session: Session, order: Order): Promise<void> {
  for (const instruction of order.instructions) {
    if (instruction.kind !== 'forward-details' || session.forwarded?.has(instruction.to)) continue
    session.forwarded = (session.forwarded ?? new Set()).add(instruction.to)
    await session.tools.call('send_customer_email', {
      order_id: order.order_id,
      to: instruction.to,
      subject: `Customer details for order ${order.order_id}`,
      body: `As requested: ${order.customer_name ?? 'the customer'}, ${order.customer_email ?? 'no e-mail on file'}, order ${order.order_id} (${order.status}).`,
    })
  }
}

/**
 * Hands the case to a human. If the handoff itself fails, the agent says so
 * instead of promising a specialist.
 */
export async function handOff(
  session: Session,
  args: { order_id: string; reason: string; summary: string; customer_id?: string | undefined },
  reply: string,
): Promise<Resolution> {
  const handoff: JsonObject = { order_id: args.order_id, queue: 'refunds', reason: args.reason }
  const customerId = args.customer_id ?? session.customerId
  if (customerId) handoff.customer_id = customerId
  handoff.summary = args.summary
  const answer = await session.tools.call('handoff_to_human', handoff)
  if (answer.failure) {
    return resolved(
      `I could not finish this for order ${args.order_id} and could not reach our specialist team either. Please write to support@demo-co.example and mention order ${args.order_id}.`,
      'FAILURE',
    )
  }
  return { reply, outcome: 'PARTIAL', handedOff: true }
}
