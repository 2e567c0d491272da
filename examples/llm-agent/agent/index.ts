import { createOpenAI } from '@ai-sdk/openai'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import type { Agent } from '../../../src/scenario/types.ts'

/** The model server: a real provider when you record against one, else the local one the cassettes were made with. */
const baseURL = process.env.LLM_BASE_URL ?? 'http://127.0.0.1:4010/v1'
const model = process.env.LLM_MODEL ?? 'scripted-model-1'

const PROMPTS = {
  v1: 'You are the Demo Co support agent. Look the order up before answering.',
  v2: 'You are the Demo Co support agent. Look the order up before answering, and answer in one friendly sentence.',
}

function supportAgent(version: keyof typeof PROMPTS): Agent {
  return {
    name: 'llm-support',
    version,
    async run(input, { baseUrl, signal }) {
      // Only a placeholder is needed when the answers come from a cassette.
      const openai = createOpenAI({
        baseURL,
        apiKey: process.env.OPENAI_API_KEY ?? 'replayed-no-key',
      })
      const result = await generateText({
        model: openai.chat(model),
        system: PROMPTS[version],
        prompt: String((input as { message: string }).message),
        abortSignal: signal,
        stopWhen: stepCountIs(3),
        tools: {
          lookup_order: tool({
            description: 'Read an order with its items, refunds and shipment.',
            inputSchema: jsonSchema<{ order_id: string }>({
              type: 'object',
              properties: { order_id: { type: 'string' } },
              required: ['order_id'],
            }),
            // The twin answers this request; its records are the evidence.
            execute: async (args) => {
              const response = await fetch(`${baseUrl}/tools/lookup_order`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify(args),
                signal,
              })
              return response.text()
            },
          }),
        },
      })
      return { reply: result.text, outcome: 'SUCCESS' }
    },
  }
}

export const agents = { v1: supportAgent('v1'), v2: supportAgent('v2') }
