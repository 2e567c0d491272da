import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import type { Agent, AgentContext } from '../../../src/scenario/types.ts'

export const API_KEY = 'sk-test-NEVER-IN-A-CASSETTE-1234567890'

const lookupSchema = {
  type: 'object',
  properties: { order_id: { type: 'string' } },
  required: ['order_id'],
}

async function callTool(context: AgentContext, name: string, args: string): Promise<string> {
  const response = await fetch(`${context.baseUrl}/tools/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: args,
  })
  return response.text()
}

export type Protocol = 'chat' | 'responses' | 'messages'

/** An agent on a real SDK client: one tool round, then the model's text is the reply. */
export function sdkAgent(
  protocol: Protocol,
  stream: boolean,
  baseURL: string,
  prompt: string,
): Agent {
  const run: Agent['run'] = async (input, context) => {
    const question = String((input as { message?: string }).message ?? JSON.stringify(input))
    let reply: string
    if (protocol === 'messages') {
      const client = new Anthropic({
        apiKey: API_KEY,
        authToken: null,
        baseURL: baseURL.replace(/\/v1$/, ''),
        maxRetries: 0,
      })
      const tools = [
        { name: 'lookup_order', description: 'Read an order', input_schema: lookupSchema as never },
      ]
      const messages: Anthropic.MessageParam[] = [{ role: 'user', content: question }]
      const ask = (list: Anthropic.MessageParam[]) =>
        stream
          ? client.messages
              .stream({ model: 'claude-x', max_tokens: 256, system: prompt, messages: list, tools })
              .finalMessage()
          : client.messages.create({
              model: 'claude-x',
              max_tokens: 256,
              system: prompt,
              messages: list,
              tools,
            })
      const first = await ask(messages)
      const use = first.content.find((block) => block.type === 'tool_use')!
      const result = await callTool(context, use.name, JSON.stringify(use.input))
      messages.push({ role: 'assistant', content: first.content })
      messages.push({
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: use.id, content: result }],
      })
      const second = await ask(messages)
      reply = second.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
    } else if (protocol === 'chat') {
      const client = new OpenAI({ apiKey: API_KEY, baseURL, maxRetries: 0 })
      const tools = [
        { type: 'function' as const, function: { name: 'lookup_order', parameters: lookupSchema } },
      ]
      const messages: OpenAI.ChatCompletionMessageParam[] = [
        { role: 'system', content: prompt },
        { role: 'user', content: question },
      ]
      const ask = async () =>
        stream
          ? client.chat.completions
              .stream({ model: 'gpt-x', messages, tools, stream_options: { include_usage: true } })
              .finalChatCompletion()
          : client.chat.completions.create({ model: 'gpt-x', messages, tools })
      const first = (await ask()).choices[0]!.message
      const call = first.tool_calls![0]! as OpenAI.ChatCompletionMessageFunctionToolCall
      const result = await callTool(context, call.function.name, call.function.arguments)
      messages.push({ role: 'assistant', content: null, tool_calls: first.tool_calls })
      messages.push({ role: 'tool', tool_call_id: call.id, content: result })
      reply = (await ask()).choices[0]!.message.content ?? ''
    } else {
      const client = new OpenAI({ apiKey: API_KEY, baseURL, maxRetries: 0 })
      const tools = [
        {
          type: 'function' as const,
          name: 'lookup_order',
          parameters: lookupSchema,
          strict: false,
        },
      ]
      const ask = (input: OpenAI.Responses.ResponseInput) =>
        stream
          ? client.responses
              .stream({ model: 'gpt-x', instructions: prompt, input, tools })
              .finalResponse()
          : client.responses.create({ model: 'gpt-x', instructions: prompt, input, tools })
      const items: OpenAI.Responses.ResponseInput = [{ role: 'user', content: question }]
      const first = await ask(items)
      const call = first.output.find(
        (item) => item.type === 'function_call',
      ) as OpenAI.Responses.ResponseFunctionToolCall
      const result = await callTool(context, call.name, call.arguments)
      items.push(call, { type: 'function_call_output', call_id: call.call_id, output: result })
      const last = await ask(items)
      reply = last.output
        .flatMap((item) => (item.type === 'message' ? item.content : []))
        .map((part) => (part.type === 'output_text' ? part.text : ''))
        .join('')
    }
    return { reply, outcome: 'SUCCESS' }
  }
  return { name: `sdk-${protocol}${stream ? '-stream' : ''}`, version: '1', run }
}
