/** Your LangChain.js support agent as it is, with its own tools: the twin answers them in tests. */
import { tool } from '@langchain/core/tools'
import { createAgent } from 'langchain'
import { z } from 'zod'
import { twinnedLangChainTools } from '../../../src/public/adapters/langchain.ts'
import { shop, shopApi } from '../shop-api.ts'
import { ScriptedChatModel } from './scripted-chat-model.ts'

const model = new ScriptedChatModel({})

const order = z.object({ order_id: z.string() })
const refund = z.object({ order_id: z.string(), amount: z.number(), idempotency_key: z.string() })

// Production calls shopApi; while a test runs, the twin answers the same tools.
const tools = twinnedLangChainTools(shop, [
  tool(shopApi.lookupOrder, { name: 'lookup_order', description: 'Read an order.', schema: order }),
  tool(shopApi.getRefundPolicy, {
    name: 'get_refund_policy',
    description: "Read an order's refund policy.",
    schema: order,
  }),
  tool(shopApi.refundPayment, {
    name: 'refund_payment',
    description: 'Refund an amount of an order.',
    schema: refund,
  }),
])

export function supportAgent(systemPrompt: string) {
  return createAgent({ model, tools, systemPrompt })
}
