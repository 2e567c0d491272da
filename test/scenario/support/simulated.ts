import { fileURLToPath } from 'node:url'
import type { Agent } from '../../../src/scenario/index.ts'
import { type PinnedCase, pinSelection } from '../../../src/scenario/pin.ts'
import { loadScenarioSync, parseScenario } from '../../../src/schema/index.ts'

export const fixtures = fileURLToPath(new URL('../fixtures/simulated/', import.meta.url))

/** A scenario of the simulated fixtures, loaded (so validated) and pinned. */
export function pinnedFixture(name: string): PinnedCase {
  return pinSelection([loadScenarioSync(`${fixtures}${name}`)]).cases[0]!
}

/** A scenario written in the test over the fixtures' shop twin, pinned. */
export function pinnedText(text: string, name = 'inline.scenario.yaml'): PinnedCase {
  const source = loadScenarioSync(`${fixtures}refund-simulated.scenario.yaml`)
  const document = parseScenario(text, `${fixtures}${name}`)
  return pinSelection([{ ...source, document, file: `${fixtures}${name}` }]).cases[0]!
}

export async function callTool(baseUrl: string, tool: string, args: object): Promise<unknown> {
  const response = await fetch(`${baseUrl}/tools/${tool}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(args),
  })
  return response.json()
}

/**
 * A support agent that asks for the order number, asks before refunding, and
 * refunds once on a yes. `sloppy` refunds as soon as it has the order number.
 */
export function refundAgent(version: string, sloppy = false): Agent {
  return {
    name: 'support',
    version,
    async run(input, { baseUrl, conversation }) {
      const message = String((input as { message?: string }).message ?? '')
      const all = (conversation?.messages ?? []).map((m) => m.content).join(' ')
      const order = /ORD-\d+/.exec(all)?.[0]
      if (!order) return { reply: 'Sorry to hear that. What is your order number?' }
      if (sloppy || /\byes\b/i.test(message)) {
        await callTool(baseUrl, 'refund_payment', { order_id: order })
        return { reply: `Your refund is done for ${order}.`, outcome: 'SUCCESS' }
      }
      return { reply: `Shall I refund ${order}?` }
    },
  }
}
