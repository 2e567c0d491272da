import { z } from 'zod'

/** The arguments of the user's own Demo Co tools, as a framework user writes them (zod). */
export const ORDER_ARGS = z.object({ order_id: z.string() })
export const REFUND_ARGS = z.object({
  order_id: z.string(),
  amount: z.number(),
  idempotency_key: z.string(),
})

export const DESCRIPTIONS = {
  lookup_order: 'Read an order.',
  get_refund_policy: 'Read the refund policy of an order.',
  refund_payment: 'Refund an amount of an order.',
} as const

export type OwnToolName = keyof typeof DESCRIPTIONS

/**
 * The user's production system behind their own tools: it notes every call,
 * so a test can show it ran in production and never ran in a case.
 */
export function realSystem() {
  const calls: string[] = []
  const run =
    (name: OwnToolName) =>
    async (args: unknown): Promise<string> => {
      calls.push(name)
      return JSON.stringify({ from: 'the real system', tool: name, args })
    }
  return {
    calls,
    lookup_order: run('lookup_order'),
    get_refund_policy: run('get_refund_policy'),
    refund_payment: run('refund_payment'),
  }
}
