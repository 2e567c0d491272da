/**
 * The scripted "model" that plays the simulated customer of the AI SDK
 * example: not a language model, a fixed policy that reads what a model user
 * is sent (its system prompt with the persona, goal and facts, and the
 * conversation with roles mirrored: the agent speaks as `user`). It opens with
 * the order number (and the amount when it may share it; a private amount it
 * gives only when asked), asks again when the agent says something failed,
 * says its goal is reached when the agent refunded that amount, and objects
 * to any other amount.
 */
import type { PolicyMessage } from './scripted-policy.ts'

/** What AgentTwin tells a model user (`src/case/model-user.ts`). */
const CUSTOMER_PROMPT = /^You are a customer talking to a support agent\./
const GOAL_REACHED = '###GOAL_REACHED###'
const GOAL_CHECK = /is your goal reached\?/i

/** Whether a chat completion request is the simulated customer's, not the support agent's. */
export function isCustomer(messages: PolicyMessage[]): boolean {
  return CUSTOMER_PROMPT.test(messages.find((message) => message.role === 'system')?.content ?? '')
}

/** The facts of the system prompt: those it may share, and those it gives only when asked. */
function facts(system: string): { shared: Record<string, string>; asked: Record<string, string> } {
  const read = (pattern: RegExp) => {
    const json = system
      .split('\n')
      .map((line) => pattern.exec(line)?.[1])
      .find(Boolean)
    return json ? (JSON.parse(json) as Record<string, string>) : {}
  }
  return {
    shared: read(/^Facts you know and may share: (\{.*\})$/),
    asked: read(/^Facts you know but give ONLY when the agent asks for them: (\{.*\})$/),
  }
}

/** The customer's next message, or the goal mark. */
export function customerLine(messages: PolicyMessage[]): string {
  const system = messages.find((message) => message.role === 'system')?.content ?? ''
  const { shared, asked } = facts(system)
  const { order_id: order = 'my order', amount = 'the amount' } = { ...asked, ...shared }
  // Mirrored roles: the agent's words reach the customer as `user` messages.
  const spoken = messages.filter((message) => message.role === 'user')
  const last = spoken.at(-1)?.content ?? ''
  const agent = GOAL_CHECK.test(last) ? (spoken.at(-2)?.content ?? '') : last
  const refunded = /refunded (\d+(?:\.\d+)?) USD/i.exec(agent)?.[1]
  const wanted = /\d+(?:\.\d+)?/.exec(amount)?.[0]
  if (refunded !== undefined && Number(refunded) === Number(wanted)) return GOAL_REACHED
  if (GOAL_CHECK.test(last)) return '###NOT_YET###'
  if (spoken.length === 0 || /waiting for your first message/.test(agent)) {
    // A fact it may share goes in the opening; a private one waits until the agent asks.
    const ask = 'amount' in shared ? `refund ${amount}` : 'refund me'
    return `Hi, the stoneware mug set from order ${order} arrived broken. Could you ${ask}, please?`
  }
  if (refunded !== undefined) return `I asked for ${amount}, not ${refunded} USD. Please fix it.`
  if (/fail|error|could not|couldn't|unable|went wrong|timed out|try again/i.test(agent)) {
    return 'My banking app still shows nothing, it failed. Please try again.'
  }
  if (/how much/i.test(agent)) return `${amount}, please.`
  if (/which order|order number/i.test(agent)) return `It is ${order}.`
  return 'Could you help me with the refund, please?'
}
