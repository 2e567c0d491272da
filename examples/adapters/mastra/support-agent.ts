/** Your Mastra support agent as it is, with its own tools: the twin answers them in tests. */
import { Agent } from '@mastra/core/agent'
import { createTool } from '@mastra/core/tools'
import { z } from 'zod'
import { twinnedMastraTools } from '../../../src/public/adapters/mastra.ts'
import { shop, shopApi } from '../shop-api.ts'

// A real provider when you record against one; else the local scripted model the cassettes were made with.
const model = {
  providerId: 'openai',
  modelId: process.env.LLM_MODEL ?? 'scripted-model-1',
  url: process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4020/v1',
  apiKey: process.env.OPENAI_API_KEY ?? 'replayed-no-key',
}

const order = z.object({ order_id: z.string() })
const refund = z.object({ order_id: z.string(), amount: z.number(), idempotency_key: z.string() })

// Production calls shopApi; while a test runs, the twin answers the same tools.
const tools = twinnedMastraTools(shop, {
  lookup_order: createTool({
    id: 'lookup_order',
    description: 'Read an order.',
    inputSchema: order,
    execute: ({ context }) => shopApi.lookupOrder(context),
  }),
  get_refund_policy: createTool({
    id: 'get_refund_policy',
    description: "Read an order's refund policy.",
    inputSchema: order,
    execute: ({ context }) => shopApi.getRefundPolicy(context),
  }),
  refund_payment: createTool({
    id: 'refund_payment',
    description: 'Refund an amount of an order.',
    inputSchema: refund,
    execute: ({ context }) => shopApi.refundPayment(context),
  }),
})

export function supportAgent(instructions: string) {
  return new Agent({ name: 'mastra-support', instructions, model, tools })
}
