import { createHash } from 'node:crypto'
import type { Agent, AgentContext } from '../../../src/scenario/types.ts'

/**
 * The agent's one random choice, drawn from the case's seed and its version:
 * a number in [0, 1). The same seed always gives the same draw, so every trial
 * reproduces byte for byte while different trials (and versions) differ.
 */
export function seedDraw(seed: number, version: string): number {
  const hash = createHash('sha256').update(`stochastic-agent:${version}:${seed}`).digest()
  return hash.readUInt32BE(0) / 2 ** 32
}

/** Whether the agent skips the policy check for this seed: true with probability `skipRate`. */
export function skipsPolicy(seed: number, version: string, skipRate: number): boolean {
  return seedDraw(seed, version) < skipRate
}

/**
 * A deliberately stochastic support agent for the Demo Co twin: it refunds 40
 * USD for ORD-1001, and with probability `skipRate` (drawn from the case's
 * seed) it skips get_refund_policy before refund_payment. Its failure rate on
 * `policy-before-refund` is `skipRate` by construction; the refund itself
 * always lands exactly once.
 */
export function stochasticAgent(version: string, skipRate: number): Agent {
  return {
    name: 'stochastic-support',
    version,
    async run(_input, context: AgentContext) {
      if (context.seed === undefined) throw new Error('the stochastic agent needs the case seed')
      const call = async (tool: string, args: Record<string, unknown>) => {
        const response = await fetch(`${context.baseUrl}/tools/${tool}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(args),
          signal: context.signal,
        })
        await response.text()
        return { tool, args: args as never, status: response.status }
      }
      const order = { order_id: 'ORD-1001' }
      const calls = [await call('lookup_order', order)]
      if (!skipsPolicy(context.seed, version, skipRate))
        calls.push(await call('get_refund_policy', order))
      calls.push(
        await call('refund_payment', {
          ...order,
          amount: 40,
          idempotency_key: `refund-ORD-1001-${context.seed}`,
        }),
      )
      return {
        reply: 'Done! I refunded 40.00 USD for order ORD-1001.',
        outcome: 'SUCCESS',
        toolCalls: calls,
      }
    },
  }
}
