/**
 * An OpenAI Agents SDK agent as it is: a real `Agent`, run by the SDK's
 * `Runner` on a scripted `Model` (the SDK's own model interface), through
 * AgentTwin with the twin's tools in-process.
 */
import { Agent, type Model, type ModelRequest, type ModelResponse, Usage } from '@openai/agents'
import { describe, expect, it } from 'vitest'
import { fromOpenAIAgents, openAIAgentsTools } from '../../src/adapters/openai-agents.ts'
import {
  demoCoTwin,
  REFUND_REQUEST,
  REFUND_SCRIPT,
  RETRY_SCRIPT,
  runDemoCase,
  type Step,
} from './support/demo-co.ts'

function answer(step: Step, index: number): ModelResponse {
  const usage = new Usage({ requests: 1, inputTokens: 100, outputTokens: 20, totalTokens: 120 })
  if ('say' in step) {
    return {
      usage,
      responseId: `r${index}`,
      output: [
        {
          type: 'message',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: step.say }],
        },
      ],
    }
  }
  return {
    usage,
    responseId: `r${index}`,
    output: step.call.map((call, n) => ({
      type: 'function_call' as const,
      callId: `call-${index}-${n}`,
      name: call.tool,
      arguments: JSON.stringify(call.args),
      status: 'completed' as const,
    })),
  }
}

/** A model of the SDK's own interface: one step of the script per request; it keeps every request. */
function scriptedModel(script: Step[]): { model: Model; requests: ModelRequest[] } {
  const requests: ModelRequest[] = []
  const model: Model = {
    async getResponse(request) {
      requests.push(request)
      const step = script[requests.length - 1]
      if (!step) throw new Error('the script has no more steps')
      return answer(step, requests.length)
    },
    getStreamedResponse() {
      throw new Error('not scripted')
    },
  }
  return { model, requests }
}

describe('fromOpenAIAgents', () => {
  it('runs an Agent as a one-turn case: twin tools in-process, calls recorded as evidence', async () => {
    const { model } = scriptedModel(REFUND_SCRIPT)
    const support = new Agent({
      name: 'support',
      instructions: 'You are Demo Co support.',
      model,
      tools: openAIAgentsTools(demoCoTwin),
    })
    const run = await runDemoCase('refund-happy-path', fromOpenAIAgents(support, { version: 'v1' }))
    expect(run.error).toBeUndefined()
    expect(run.agent).toEqual({ name: 'support', version: 'v1' })
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual([
      ['lookup_order', 200, 'in-process'],
      ['get_refund_policy', 200, 'in-process'],
      ['refund_payment', 200, 'in-process'],
    ])
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
    expect(run.result).toMatchObject({
      reply: 'Done: I refunded 40 USD to your card.',
      toolCalls: [
        { tool: 'lookup_order', args: { order_id: 'ORD-1001' } },
        { tool: 'get_refund_policy', args: { order_id: 'ORD-1001' } },
        {
          tool: 'refund_payment',
          args: { order_id: 'ORD-1001', amount: 40, idempotency_key: 'refund-ORD-1001-40' },
        },
      ],
      tokens: { input: 400, output: 80 },
    })
    // The agent states no outcome: it is read from the reply, and marked as read.
    expect(run.result?.inferred?.family).toBe('success')
  })

  it("shows a fault's failure as the SDK shows a failing tool: its error text as the tool output", async () => {
    const { model, requests } = scriptedModel(RETRY_SCRIPT)
    const support = new Agent({ name: 'support', model, tools: openAIAgentsTools(demoCoTwin) })
    const run = await runDemoCase(
      'refund-server-error',
      fromOpenAIAgents(support, { version: 'v2' }),
    )
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual([
      ['refund_payment', 500, 'server_error'],
      ['refund_payment', 200, null],
    ])
    const input = requests[1]!.input as Array<{ type?: string; output?: unknown }>
    const result = input.find((item) => item.type === 'function_call_result')
    expect(JSON.stringify(result?.output)).toContain('answered 500')
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
  })

  it('hands a conversation to the model whole', async () => {
    const { model, requests } = scriptedModel([{ say: 'It ships on Friday.' }])
    const agent = fromOpenAIAgents(new Agent({ name: 'support', model }), { version: 'v1' })
    const conversation = {
      turn: 2,
      messages: [
        { role: 'user' as const, content: REFUND_REQUEST },
        { role: 'assistant' as const, content: 'Refunded. Anything else?' },
        { role: 'user' as const, content: 'When does my other order ship?' },
      ],
    }
    const context = {
      baseUrl: 'https://unused.invalid',
      signal: new AbortController().signal,
      conversation,
    }
    const result = await agent.run({ message: 'ignored in a conversation' }, context)
    expect(result).toMatchObject({ reply: 'It ships on Friday.', toolCalls: [] })
    const input = requests[0]!.input as Array<{ role?: string }>
    expect(input.map((item) => item.role)).toEqual(['user', 'assistant', 'user'])
    expect(JSON.stringify(input.at(-1))).toContain('When does my other order ship?')
  })
})
