/**
 * The scripted "model" that plays the simulated customer of the AI SDK
 * example: not a language model, a fixed policy that reads what a model user
 * is sent (its system prompt with the persona, goal and facts, and the
 * conversation with roles mirrored: the agent speaks as `user`). It opens with
 * the order number, gives the amount only when asked (a private fact), says
 * its goal is reached when the agent refunded that amount, and objects to any
 * other amount.
 */
import type { PolicyMessage } from './scripted-policy.ts'

/** What AgentTwin tells a model user (`src/scenario/model-user.ts`). */
const CUSTOMER_PROMPT = /^You are a customer talking to a support agent\./
const GOAL_REACHED = '###GOAL_REACHED###'
const GOAL_CHECK = /is your goal reached\?/i

/** Whether a chat completion request is the simulated customer's, not the support agent's. */
export function isCustomer(messages: PolicyMessage[]): boolean {
  return CUSTOMER_PROMPT.test(messages.find((message) => message.role === 'system')?.content ?? '')
}

/** The facts a line of the system prompt holds: `Facts you know ...: {"order_id":"ORD-1001"}`. */
function facts(system: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const line of system.split('\n')) {
    const json = /^Facts you know[^:]*: (\{.*\})$/.exec(line)?.[1]
    if (json) Object.assign(found, JSON.parse(json))
  }
  return found
}

/** The customer's next message, or the goal mark. */
export function customerLine(messages: PolicyMessage[]): string {
  const system = messages.find((message) => message.role === 'system')?.content ?? ''
  const { order_id: order = 'my order', amount = 'the amount' } = facts(system)
  // Mirrored roles: the agent's words reach the customer as `user` messages.
  const spoken = messages.filter((message) => message.role === 'user')
  const last = spoken.at(-1)?.content ?? ''
  const agent = GOAL_CHECK.test(last) ? (spoken.at(-2)?.content ?? '') : last
  const refunded = /refunded (\d+(?:\.\d+)?) USD/.exec(agent)?.[1]
  const wanted = /\d+(?:\.\d+)?/.exec(amount)?.[0]
  if (refunded !== undefined && refunded === wanted) return GOAL_REACHED
  if (GOAL_CHECK.test(last)) return '###NOT_YET###'
  if (spoken.length === 0 || /waiting for your first message/.test(agent)) {
    return `Hi, the stoneware mug set from order ${order} arrived broken. Could you refund me, please?`
  }
  if (refunded !== undefined) return `I asked for ${amount}, not ${refunded} USD. Please fix it.`
  if (/how much/i.test(agent)) return `${amount}, please.`
  if (/which order|order number/i.test(agent)) return `It is ${order}.`
  return 'Could you help me with the refund, please?'
}
