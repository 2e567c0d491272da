import type { AgentResult } from '../../../src/core/case-run.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import type { Agent } from '../../../src/scenario/types.ts'

export const demo = '../../../examples/demo-co'
export const timeoutScenario = `${demo}/scenarios/refund-timeout-after-mutation.scenario.yaml`
export const happyScenario = `${demo}/scenarios/refund-happy-path.scenario.yaml`
export const demoTwinFile = `${demo}/twins/demo-co.twin.yaml`

/**
 * A point two concurrent tests both have to reach before either goes on, so
 * their tool calls really interleave. Fails after `ms` if the other never comes
 * (the tests did not run at the same time).
 */
export function rendezvous(parties = 2, ms = 10_000): () => Promise<void> {
  let arrived = 0
  let open: () => void = () => {}
  const all = new Promise<void>((resolve) => {
    open = resolve
  })
  return async () => {
    arrived += 1
    if (arrived === parties) open()
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`only ${arrived} of ${parties} tests reached the meeting point`)),
        ms,
      )
    })
    try {
      await Promise.race([all, late])
    } finally {
      clearTimeout(timer)
    }
  }
}

/** POSTs one tool call to a twin, the way the Demo Co agent does. */
export async function callTool(
  baseUrl: string,
  tool: string,
  args: JsonObject,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${baseUrl}/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : null }
}

/**
 * A hand-written refund agent that waits at `meet` between its calls, so two
 * runs of it overlap call by call: look the order up, refund, look it up again.
 */
export function refundAgent(amount: number, meet: () => Promise<void>): Agent {
  return {
    name: 'interleaved-refund-agent',
    version: String(amount),
    async run(_input, { baseUrl }): Promise<AgentResult> {
      await callTool(baseUrl, 'lookup_order', { order_id: 'ORD-1001' })
      await meet()
      const refund = await callTool(baseUrl, 'refund_payment', { order_id: 'ORD-1001', amount })
      await meet()
      await callTool(baseUrl, 'lookup_order', { order_id: 'ORD-1001' })
      return {
        reply: refund.status === 200 ? `Refunded ${amount} USD.` : 'The refund did not go through.',
        outcome: refund.status === 200 ? 'SUCCESS' : 'FAILURE',
      }
    },
  }
}
