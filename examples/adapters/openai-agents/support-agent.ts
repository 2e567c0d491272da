/** Your OpenAI Agents SDK support agent as it is, with its own tools: the twin answers them in tests. */
import { Agent, OpenAIProvider, Runner, tool } from '@openai/agents'
import { z } from 'zod'
import { twinnedOpenAIAgentsTools } from '../../../src/public/adapters/openai-agents.ts'
import { shop, shopApi } from '../shop-api.ts'

// A real provider when you record against one; else the local scripted model the cassettes were made with.
export const runner = new Runner({
  modelProvider: new OpenAIProvider({
    baseURL: process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4020/v1',
    apiKey: process.env.OPENAI_API_KEY ?? 'replayed-no-key',
    useResponses: false,
  }),
  tracingDisabled: true,
})
const model = process.env.LLM_MODEL ?? 'scripted-model-1'

const order = z.object({ order_id: z.string() })
const refund = z.object({ order_id: z.string(), amount: z.number(), idempotency_key: z.string() })

// Production calls shopApi; while a test runs, the twin answers the same tools.
const tools = twinnedOpenAIAgentsTools(shop, [
  tool({
    name: 'lookup_order',
    description: 'Read an order.',
    parameters: order,
    execute: shopApi.lookupOrder,
  }),
  tool({
    name: 'get_refund_policy',
    description: "Read an order's refund policy.",
    parameters: order,
    execute: shopApi.getRefundPolicy,
  }),
  tool({
    name: 'refund_payment',
    description: 'Refund an amount of an order.',
    parameters: refund,
    execute: shopApi.refundPayment,
  }),
])

export function supportAgent(instructions: string) {
  return new Agent({ name: 'openai-agents-support', instructions, model, tools })
}
