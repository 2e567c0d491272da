/**
 * A Mastra agent as it is: a real `Agent` on the AI SDK v5 scripted model
 * that Mastra's own tests use (MockLanguageModelV2), run through AgentTwin
 * with the twin's tools in-process.
 */
import type { LanguageModelV2StreamPart } from '@ai-sdk/provider-v5'
import { Agent } from '@mastra/core/agent'
import { simulateReadableStream } from 'ai-v5'
import { MockLanguageModelV2 } from 'ai-v5/test'
import { describe, expect, it } from 'vitest'
import { fromMastra, mastraTools } from '../../src/adapters/mastra.ts'
import {
  demoCoTwin,
  REFUND_REQUEST,
  REFUND_SCRIPT,
  RETRY_SCRIPT,
  runDemoCase,
  type Step,
} from './support/demo-co.ts'

const USAGE = { inputTokens: 100, outputTokens: 20, totalTokens: 120 }

function chunks(step: Step, index: number): LanguageModelV2StreamPart[] {
  if ('say' in step) {
    return [
      { type: 'stream-start' as const, warnings: [] },
      { type: 'text-start' as const, id: 't' },
      { type: 'text-delta' as const, id: 't', delta: step.say },
      { type: 'text-end' as const, id: 't' },
      { type: 'finish' as const, finishReason: 'stop' as const, usage: USAGE },
    ]
  }
  return [
    { type: 'stream-start' as const, warnings: [] },
    ...step.call.map((call, n) => ({
      type: 'tool-call' as const,
      toolCallId: `call-${index}-${n}`,
      toolName: call.tool,
      input: JSON.stringify(call.args),
    })),
    { type: 'finish' as const, finishReason: 'tool-calls' as const, usage: USAGE },
  ]
}

function content(step: Step, index: number) {
  if ('say' in step) return [{ type: 'text' as const, text: step.say }]
  return step.call.map((call, n) => ({
    type: 'tool-call' as const,
    toolCallId: `call-${index}-${n}`,
    toolName: call.tool,
    input: JSON.stringify(call.args),
  }))
}

/** The scripted model: one step of the script per model call (streamed or not); it keeps every prompt. */
function scriptedModel(script: Step[]) {
  const prompts: unknown[] = []
  const next = (prompt: unknown) => {
    prompts.push(prompt)
    const step = script[prompts.length - 1]
    if (!step) throw new Error('the script has no more steps')
    return step
  }
  const model = new MockLanguageModelV2({
    doStream: async (options) => {
      const step = next(options.prompt)
      return { stream: simulateReadableStream({ chunks: chunks(step, prompts.length) }) }
    },
    doGenerate: async (options) => {
      const step = next(options.prompt)
      return {
        content: content(step, prompts.length),
        finishReason: 'say' in step ? 'stop' : 'tool-calls',
        usage: USAGE,
        warnings: [],
      }
    },
  })
  return { model, prompts }
}

describe('fromMastra', () => {
  it('runs an Agent as a one-turn case: twin tools in-process, calls recorded as evidence', async () => {
    const { model } = scriptedModel(REFUND_SCRIPT)
    const support = new Agent({
      name: 'support',
      instructions: 'You are Demo Co support.',
      model,
      tools: mastraTools(demoCoTwin),
    })
    const run = await runDemoCase(
      'refund-happy-path',
      fromMastra(support, { version: 'v1', maxSteps: 6 }),
    )
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

  it("shows a fault's failure as Mastra shows a failing tool: a tool error the model reads", async () => {
    const { model, prompts } = scriptedModel(RETRY_SCRIPT)
    const support = new Agent({
      name: 'support',
      instructions: '',
      model,
      tools: mastraTools(demoCoTwin),
    })
    const run = await runDemoCase(
      'refund-server-error',
      fromMastra(support, { version: 'v2', maxSteps: 5 }),
    )
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual([
      ['refund_payment', 500, 'server_error'],
      ['refund_payment', 200, null],
    ])
    expect(JSON.stringify(prompts[1])).toContain('answered 500')
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
  })

  it('hands a conversation to the model whole', async () => {
    const { model, prompts } = scriptedModel([{ say: 'It ships on Friday.' }])
    const agent = fromMastra(new Agent({ name: 'support', instructions: '', model }), {
      version: 'v1',
    })
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
    const prompt = prompts[0] as Array<{ role: string }>
    expect(prompt.map((m) => m.role).filter((role) => role !== 'system')).toEqual([
      'user',
      'assistant',
      'user',
    ])
    expect(JSON.stringify(prompt.at(-1))).toContain('When does my other order ship?')
  })
})
