import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { generateText, jsonSchema, type LanguageModel, stepCountIs, streamText, tool } from 'ai'
import type { Agent, AgentContext } from '../../../src/scenario/types.ts'
import { API_KEY } from './sdk-agents.ts'

/** Which provider API the AI SDK model speaks. */
export type AiSdkProtocol = 'openai-chat' | 'openai-responses' | 'anthropic-messages'

function modelFor(protocol: AiSdkProtocol, baseURL: string): LanguageModel {
  if (protocol === 'anthropic-messages') {
    return createAnthropic({ baseURL, apiKey: API_KEY })('claude-x')
  }
  const openai = createOpenAI({ baseURL, apiKey: API_KEY })
  return protocol === 'openai-chat' ? openai.chat('gpt-x') : openai.responses('gpt-x')
}

function lookupOrder(context: AgentContext) {
  return tool({
    description: 'Read an order',
    inputSchema: jsonSchema<{ order_id: string }>({
      type: 'object',
      properties: { order_id: { type: 'string' } },
      required: ['order_id'],
    }),
    // The twin answers; its records are what the case is judged by.
    execute: async (args) => {
      const response = await fetch(`${context.baseUrl}/tools/lookup_order`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(args),
        signal: context.signal,
      })
      return response.text()
    },
  })
}

/**
 * An agent on the AI SDK: the model asks for `lookup_order`, the tool calls
 * the twin, and the model's text after the tool result is the reply.
 * `generateText` or, streaming, `streamText`.
 */
export function aiSdkAgent(
  protocol: AiSdkProtocol,
  stream: boolean,
  baseURL: string,
  prompt: string,
): Agent {
  return {
    name: `ai-sdk-${protocol}${stream ? '-stream' : ''}`,
    version: '1',
    async run(input, context) {
      const options = {
        model: modelFor(protocol, baseURL),
        system: prompt,
        prompt: String((input as { message?: string }).message ?? JSON.stringify(input)),
        tools: { lookup_order: lookupOrder(context) },
        stopWhen: stepCountIs(3),
        maxRetries: 0,
        abortSignal: context.signal,
      }
      if (!stream) {
        const result = await generateText(options)
        return { reply: result.text, outcome: 'SUCCESS' }
      }
      let failure: unknown
      const result = streamText({
        ...options,
        onError: ({ error }) => {
          failure = error
        },
      })
      let reply = ''
      for await (const part of result.textStream) reply += part
      if (failure) throw failure
      return { reply, outcome: 'SUCCESS' }
    },
  }
}
