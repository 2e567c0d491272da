/**
 * An AI SDK agent as it is: `generateText` settings and a `ToolLoopAgent`,
 * on the SDK's own scripted model (MockLanguageModelV3), run through
 * AgentTwin with the twin's tools in-process.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider'
import { stepCountIs, ToolLoopAgent } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { aiSdkTools, fromAiSdk } from '../../src/adapters/ai-sdk.ts'
import { createInterception } from '../../src/public/msw.ts'
import { createTwin } from '../../src/twin/index.ts'
import {
  demoCoTwin,
  REFUND_REQUEST,
  REFUND_SCRIPT,
  RETRY_SCRIPT,
  runDemoCase,
  type Step,
} from './support/demo-co.ts'

const USAGE = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
}

function answer(step: Step, index: number): LanguageModelV3GenerateResult {
  if ('say' in step) {
    return {
      content: [{ type: 'text', text: step.say }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: USAGE,
      warnings: [],
    }
  }
  return {
    content: step.call.map((call, n) => ({
      type: 'tool-call' as const,
      toolCallId: `call-${index}-${n}`,
      toolName: call.tool,
      input: JSON.stringify(call.args),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: USAGE,
    warnings: [],
  }
}

/** The SDK's scripted model: one step of the script per model call; it keeps every prompt. */
function scriptedModel(script: Step[]) {
  const prompts: LanguageModelV3CallOptions['prompt'][] = []
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      prompts.push(options.prompt)
      const step = script[prompts.length - 1]
      if (!step) throw new Error('the script has no more steps')
      return answer(step, prompts.length)
    },
  })
  return { model, prompts }
}

describe('fromAiSdk', () => {
  it('runs generateText settings as a one-turn case: twin tools in-process, calls recorded as evidence', async () => {
    const { model } = scriptedModel(REFUND_SCRIPT)
    const agent = fromAiSdk(
      {
        model,
        system: 'You are Demo Co support.',
        tools: aiSdkTools(demoCoTwin),
        stopWhen: stepCountIs(6),
      },
      { name: 'support', version: 'v1' },
    )
    const run = await runDemoCase('refund-happy-path', agent)
    expect(run.error).toBeUndefined()
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
    expect(run.result?.outcome).toBe('SUCCESS')
  })

  it("shows a fault's failure as the SDK shows a failing tool: a tool error the model reads", async () => {
    const { model, prompts } = scriptedModel(RETRY_SCRIPT)
    const agent = new ToolLoopAgent({
      model,
      tools: aiSdkTools(demoCoTwin),
      stopWhen: stepCountIs(5),
    })
    const run = await runDemoCase('refund-server-error', fromAiSdk(agent, { version: 'v2' }))
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual([
      ['refund_payment', 500, 'server_error'],
      ['refund_payment', 200, null],
    ])
    const toolMessage = prompts[1]!.find((message) => message.role === 'tool')
    expect(toolMessage?.content[0]).toMatchObject({
      type: 'tool-result',
      toolName: 'refund_payment',
      output: { type: 'error-text', value: expect.stringContaining('answered 500') },
    })
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
  })

  it('hands a conversation to the model whole, and streams when asked', async () => {
    const { model, prompts } = scriptedModel([{ say: 'It ships on Friday.' }])
    const streaming = new MockLanguageModelV3({
      doStream: async (options) => {
        prompts.push(options.prompt)
        const { simulateReadableStream } = await import('ai')
        return {
          stream: simulateReadableStream({
            chunks: [
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'It ships on Friday.' },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
            ],
          }),
        }
      },
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
    for (const agent of [
      fromAiSdk({ model }, { version: 'v1' }),
      fromAiSdk({ model: streaming }, { version: 'v1', stream: true }),
    ]) {
      const result = await agent.run({ message: 'ignored in a conversation' }, context)
      expect(result).toMatchObject({ reply: 'It ships on Friday.', toolCalls: [] })
    }
    for (const prompt of prompts) {
      expect(prompt.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
      expect(JSON.stringify(prompt.at(-1))).toContain('When does my other order ship?')
    }
  })

  it('builds tools from a live twin too, with only the tools asked for', async () => {
    const twin = createTwin(demoCoTwin)
    const tools = aiSdkTools(twin, { only: ['lookup_order'] })
    expect(Object.keys(tools)).toEqual(['lookup_order'])
    const network = createInterception()
    try {
      const order = await tools.lookup_order!.execute!(
        { order_id: 'ORD-1001' },
        {
          toolCallId: 'c1',
          messages: [],
        },
      )
      expect(order).toMatchObject({ order_id: 'ORD-1001' })
      expect(twin.records()).toMatchObject([{ tool: 'lookup_order', transport: 'in-process' }])
    } finally {
      network.dispose()
    }
  })

  it('refuses tools built from a document when no case serves that twin', async () => {
    const tools = aiSdkTools(demoCoTwin)
    await expect(
      tools.lookup_order!.execute!({ order_id: 'ORD-1001' }, { toolCallId: 'c1', messages: [] }),
    ).rejects.toMatchObject({ code: 'AGENTTWIN_NO_TWIN_IN_CONTEXT' })
  })
})
