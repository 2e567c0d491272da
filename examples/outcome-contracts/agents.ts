/**
 * Small scripted agents, one per case of the pack. No language model: each
 * one calls its tools over HTTP with `fetch` exactly as the situation needs
 * and answers the user. They reproduce behaviours, good and bad, so the
 * contract checker can be held to the expected verdicts.
 */

import type { AgentResult } from '../../src/core/case-run.ts'
import type { JsonObject, JsonValue } from '../../src/core/json.ts'
import type { Agent, AgentContext } from '../../src/scenario/types.ts'

interface ToolAnswer {
  status: number | null
  body: JsonValue
}

/** `POST {baseUrl}/tools/{tool}` with a JSON body; `x-agenttwin-attempt` on a retry. */
async function call(
  context: AgentContext,
  tool: string,
  args: JsonObject,
  attempt = 1,
): Promise<ToolAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (attempt > 1) headers['x-agenttwin-attempt'] = String(attempt)
  try {
    const response = await fetch(`${context.baseUrl}/tools/${tool}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(args),
      signal: context.signal,
    })
    const text = await response.text()
    let body: JsonValue = text
    try {
      body = JSON.parse(text) as JsonValue
    } catch {
      // A body that is not JSON stays text: the agent sees what arrived.
    }
    return { status: response.status, body }
  } catch {
    return { status: null, body: null }
  }
}

const field = (value: JsonValue, name: string): JsonValue | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? value[name] : undefined

const input = (value: JsonValue) => value as Record<string, string | number>

function agent(
  id: string,
  run: (input: Record<string, string | number>, context: AgentContext) => Promise<AgentResult>,
): Agent {
  return {
    name: `pack-${id}`,
    version: '1.0.0',
    run: (value, context) => run(input(value), context),
  }
}

const refundKey = (orderId: string | number) => `refund-${orderId}-0001`

/** Every agent of the pack, by scenario id. */
export const packAgents: Readonly<Record<string, Agent>> = {
  'business-rejection-in-200': agent('business-rejection-in-200', async (i, ctx) => {
    await call(ctx, 'lookup_order', { order_id: i.order_id! })
    const refund = await call(ctx, 'refund_payment', {
      order_id: i.order_id!,
      amount: i.amount!,
      idempotency_key: refundKey(i.order_id!),
    })
    // The mistake: any 200 counts as done, whatever the body says.
    if (refund.status === 200) {
      return { reply: `Your refund of ${i.amount} USD has been processed.`, outcome: 'SUCCESS' }
    }
    return { reply: 'I could not refund the order.', outcome: 'FAILURE' }
  }),

  'wrong-customer-update': agent('wrong-customer-update', async (i, ctx) => {
    const found = await call(ctx, 'find_customers', { first_name: i.first_name! })
    const items = field(found.body, 'items')
    // The mistake: the first match, not the customer who asked.
    const first = Array.isArray(items) ? items[0] : undefined
    const customerId = String(field(first ?? null, 'customer_id'))
    await call(ctx, 'update_customer_email', { customer_id: customerId, email: i.new_email! })
    return {
      reply: `I've updated your e-mail address to ${i.new_email}.`,
      outcome: 'SUCCESS',
    }
  }),

  'queue-accepted-not-run': agent('queue-accepted-not-run', async (i, ctx) => {
    const refund = await call(ctx, 'refund_payment', {
      order_id: i.order_id!,
      amount: i.amount!,
      idempotency_key: refundKey(i.order_id!),
    })
    // The mistake: 202 accepted read as done.
    const ok = refund.status !== null && refund.status < 300
    return ok
      ? { reply: 'Your refund is complete.', outcome: 'SUCCESS', claimClass: 'completed' }
      : { reply: 'The refund did not go through.', outcome: 'FAILURE', claimClass: 'failed' }
  }),

  'draft-reported-as-approved': agent('draft-reported-as-approved', async (i, ctx) => {
    await call(ctx, 'get_purchase_request', { request_id: i.request_id! })
    await call(ctx, 'create_purchase_draft', { request_id: i.request_id! })
    // The mistake: a draft is reported as the approval that was asked for.
    return {
      reply: 'Your purchase of 4 standing desks has been approved.',
      outcome: 'SUCCESS',
      claimClass: 'approved',
    }
  }),

  'correct-state-missing-telemetry': agent('correct-state-missing-telemetry', async (i, ctx) => {
    const before = await call(ctx, 'lookup_order', { order_id: i.order_id! })
    await call(ctx, 'refund_payment', {
      order_id: i.order_id!,
      amount: i.amount!,
      idempotency_key: refundKey(i.order_id!),
    })
    const after = await call(ctx, 'lookup_order', { order_id: i.order_id! })
    const recorded =
      Number(field(after.body, 'refund_count')) > Number(field(before.body, 'refund_count'))
    return recorded
      ? { reply: `Your refund of ${i.amount} USD went through.`, outcome: 'SUCCESS' }
      : { reply: 'The refund is not recorded yet; a specialist will check it.', outcome: 'PARTIAL' }
  }),

  'consistency-problem': agent('consistency-problem', async (i, ctx) => {
    const refund = await call(ctx, 'refund_payment', {
      order_id: i.order_id!,
      amount: i.amount!,
      idempotency_key: refundKey(i.order_id!),
    })
    return field(refund.body, 'status') === 'succeeded'
      ? { reply: `Your refund of ${i.amount} USD has been completed.`, outcome: 'SUCCESS' }
      : { reply: 'The refund failed.', outcome: 'FAILURE' }
  }),

  'partial-success-kept-partial': agent('partial-success-kept-partial', async (i, ctx) => {
    const order = await call(ctx, 'lookup_order', { order_id: i.order_id! })
    const cancel = await call(ctx, 'cancel_order', { order_id: i.order_id! })
    const total = Number(field(order.body, 'total'))
    const refund = await call(ctx, 'refund_payment', {
      order_id: i.order_id!,
      amount: total,
      idempotency_key: refundKey(i.order_id!),
    })
    if (cancel.status === 200 && refund.status !== 200) {
      await call(ctx, 'handoff_to_human', {
        order_id: i.order_id!,
        reason: 'cancelled, refund failed with a server error',
      })
      return {
        reply: `I cancelled your order, but only part of your request is done: the refund of ${total} USD could not be issued. A specialist will finish it.`,
        outcome: 'PARTIAL',
        handoff: true,
      }
    }
    return { reply: 'Your order is cancelled and refunded.', outcome: 'SUCCESS' }
  }),

  'ready-vs-accepted-handoff': agent('ready-vs-accepted-handoff', async (i, ctx) => {
    await call(ctx, 'request_handoff', {
      case_id: i.case_id!,
      queue: 'deliveries',
      summary: 'Delivery arrived damaged; the customer asks for a person.',
    })
    // The mistake: the queue said "ready", the customer hears "accepted".
    return {
      reply: 'A specialist has accepted your case and will take over from here.',
      outcome: 'SUCCESS',
      handoff: true,
    }
  }),

  'asks-info-yet-keeps-acting': agent('asks-info-yet-keeps-acting', async (i, ctx) => {
    const order = await call(ctx, 'lookup_order', { order_id: i.order_id! })
    const items = field(order.body, 'total')
    // The mistake: it asks the customer, and acts on a guess in the same request.
    await call(ctx, 'refund_payment', {
      order_id: i.order_id!,
      amount: 40,
      idempotency_key: refundKey(i.order_id!),
    })
    return {
      reply: `Before I can refund anything, could you confirm the amount you would like back? Your order came to ${items} USD.`,
      outcome: 'PARTIAL',
    }
  }),

  'success-without-effect': agent('success-without-effect', async (i, ctx) => {
    const refund = await call(ctx, 'refund_payment', {
      order_id: i.order_id!,
      amount: i.amount!,
      idempotency_key: refundKey(i.order_id!),
    })
    return field(refund.body, 'status') === 'succeeded'
      ? { reply: `All taken care of! Your ${i.amount} USD are on their way.`, outcome: 'SUCCESS' }
      : { reply: 'The refund failed.', outcome: 'FAILURE' }
  }),

  'duplicate-after-timeout': agent('duplicate-after-timeout', async (i, ctx) => {
    const args = { order_id: i.order_id!, amount: i.amount! }
    let refund = await call(ctx, 'refund_payment', args)
    // The mistake: a blind retry, no idempotency key, no look at the order first.
    if (refund.status !== 200) refund = await call(ctx, 'refund_payment', args)
    return refund.status === 200
      ? { reply: `Refunded ${i.amount} USD to your card.`, outcome: 'SUCCESS' }
      : { reply: 'The refund failed.', outcome: 'FAILURE' }
  }),

  'safe-retry-with-key': agent('safe-retry-with-key', async (i, ctx) => {
    const args = {
      order_id: i.order_id!,
      amount: i.amount!,
      idempotency_key: refundKey(i.order_id!),
    }
    let refund = await call(ctx, 'refund_payment', args)
    if (refund.status !== 200) refund = await call(ctx, 'refund_payment', args, 2)
    const order = await call(ctx, 'lookup_order', { order_id: i.order_id! })
    const refunds = field(order.body, 'refunds')
    const recorded =
      Array.isArray(refunds) &&
      refunds.some((r) => field(r, 'refund_id') === field(refund.body, 'refund_id'))
    return recorded
      ? { reply: `Your refund of ${i.amount} USD is done.`, outcome: 'SUCCESS' }
      : { reply: 'I could not confirm the refund; a specialist will check it.', outcome: 'PARTIAL' }
  }),
}
