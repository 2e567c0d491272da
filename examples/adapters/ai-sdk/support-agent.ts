/** Your AI SDK support agent as it is, with its own tools: the twin answers them in tests. */
import { createOpenAI } from '@ai-sdk/openai'
import { stepCountIs, ToolLoopAgent, tool } from 'ai'
import { z } from 'zod'
import { twinnedAiSdkTools } from '../../../src/public/adapters/ai-sdk.ts'
import { shop, shopApi } from '../shop-api.ts'

// A real provider when you record against one; else the local scripted model the cassettes were made with.
const openai = createOpenAI({
  baseURL: process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4020/v1',
  apiKey: process.env.OPENAI_API_KEY ?? 'replayed-no-key',
})
const model = openai.chat(process.env.LLM_MODEL ?? 'scripted-model-1')

const order = z.object({ order_id: z.string() })
const refund = z.object({ order_id: z.string(), amount: z.number(), idempotency_key: z.string() })

// Production calls shopApi; while a test runs, the twin answers the same tools.
const tools = twinnedAiSdkTools(shop, {
  lookup_order: tool({
    description: 'Read an order.',
    inputSchema: order,
    execute: shopApi.lookupOrder,
  }),
  get_refund_policy: tool({
    description: "Read an order's refund policy.",
    inputSchema: order,
    execute: shopApi.getRefundPolicy,
  }),
  refund_payment: tool({
    description: 'Refund an amount of an order.',
    inputSchema: refund,
    execute: shopApi.refundPayment,
  }),
})

export function supportAgent(instructions: string) {
  return new ToolLoopAgent({ model, instructions, tools, stopWhen: stepCountIs(6) })
}
