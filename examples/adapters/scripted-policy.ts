/**
 * The scripted "model" behind the adapter examples: not a language model, a
 * fixed policy that reads the conversation and the system prompt the way a
 * support model would. It finds the order number, looks the order up, reads
 * the refund policy, refunds, and answers. Where the system prompt says to
 * refund the full order total, it refunds the total instead of the amount the
 * customer asked for: the regression the example pairs catch by the twin's state.
 */

/** One message as every framework's wire format reduces to it. */
export interface PolicyMessage {
  role: 'system' | 'user' | 'assistant' | 'tool'
  content: string
  /** For a tool result: the tool that answered. */
  tool?: string
}

/** The policy's next move: call one tool, or answer. */
export type PolicyMove = { call: { tool: string; args: Record<string, unknown> } } | { say: string }

const ORDER_ID = /ORD-\d+/
const AMOUNT = /(\d+(?:\.\d+)?)\s*USD/
const FULL_TOTAL = /full order total/i

/** The last value a pattern finds in the user's messages, newest first. */
function lastMatch(messages: PolicyMessage[], pattern: RegExp): RegExpExecArray | undefined {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'user') continue
    const found = pattern.exec(message.content)
    if (found) return found
  }
  return undefined
}

function resultOf(messages: PolicyMessage[], tool: string): string | undefined {
  return messages.findLast((message) => message.role === 'tool' && message.tool === tool)?.content
}

/** The next move for a conversation: the whole policy. */
export function nextMove(messages: PolicyMessage[]): PolicyMove {
  const system = messages.find((message) => message.role === 'system')?.content ?? ''
  const order = lastMatch(messages, ORDER_ID)?.[0]
  if (!order) return { say: 'Which order is it? Please send me the order number.' }
  const lookup = resultOf(messages, 'lookup_order')
  if (lookup === undefined) return { call: { tool: 'lookup_order', args: { order_id: order } } }
  const policy = resultOf(messages, 'get_refund_policy')
  if (policy === undefined) {
    return { call: { tool: 'get_refund_policy', args: { order_id: order } } }
  }
  const refund = resultOf(messages, 'refund_payment')
  if (refund === undefined) {
    const asked = Number(lastMatch(messages, AMOUNT)?.[1] ?? Number.NaN)
    const total = Number(/"total":\s*(\d+(?:\.\d+)?)/.exec(lookup)?.[1] ?? Number.NaN)
    const amount = FULL_TOTAL.test(system) ? total : asked
    if (!Number.isFinite(amount)) return { say: 'How much should I refund?' }
    const args = { order_id: order, amount, idempotency_key: `refund-${order}-${amount}` }
    return { call: { tool: 'refund_payment', args } }
  }
  const refunded = /"amount":\s*(\d+(?:\.\d+)?)/.exec(refund)?.[1]
  if (!refunded) return { say: `I could not refund order ${order}: ${refund}` }
  return { say: `Done: I refunded ${refunded} USD to your card for order ${order}.` }
}
