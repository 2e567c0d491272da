/**
 * An AI SDK agent as it is: `generateText` settings and a `ToolLoopAgent`,
 * on the SDK's own scripted model (MockLanguageModelV3), run through
 * AgentTwin with the twin's tools in-process.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3GenerateResult } from '@ai-sdk/provider'
import { stepCountIs, ToolLoopAgent, tool } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { describe, expect, it } from 'vitest'
import { aiSdkTools, fromAiSdk, twinnedAiSdkTools } from '../../src/adapters/ai-sdk.ts'
import { createInterception } from '../../src/public/msw.ts'
import { createTwin } from '../../src/twin/index.ts'
import {
  conversationContext,
  demoCoTwin,
  REFUND_RECORDS,
  REFUND_RESULT,
  REFUND_SCRIPT,
  RETRY_RECORDS,
  RETRY_SCRIPT,
  runDemoCase,
  type Step,
} from '../support/adapters/demo-co.ts'
import { DESCRIPTIONS, ORDER_ARGS, REFUND_ARGS, realSystem } from '../support/adapters/own-tools.ts'

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
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
    expect(run.result).toMatchObject(REFUND_RESULT)
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
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(RETRY_RECORDS)
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
    const context = conversationContext()
    for (const agent of [
      fromAiSdk({ model }, { version: 'v1' }),
      fromAiSdk({ model: streaming }, { version: 'v1', stream: true }),
    ]) {
      const result = await agent.run({ message: 'ignored in a conversation' }, context)
      expect(result).toMatchObject({ reply: 'It ships on Friday.', toolCalls: [] })
    }
    for (const prompt of prompts) {
      expect(prompt.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    }
    expect(prompts.map((prompt) => prompt.at(-1))).toMatchInlineSnapshot(`
      [
        {
          "content": [
            {
              "text": "When does my other order ship?",
              "type": "text",
            },
          ],
          "providerOptions": undefined,
          "role": "user",
        },
        {
          "content": [
            {
              "text": "When does my other order ship?",
              "type": "text",
            },
          ],
          "providerOptions": undefined,
          "role": "user",
        },
      ]
    `)
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

describe('twinnedAiSdkTools: your own AI SDK tools, answered by the twin in a case', () => {
  function ownTools(real: ReturnType<typeof realSystem>) {
    return {
      lookup_order: tool({
        description: DESCRIPTIONS.lookup_order,
        inputSchema: ORDER_ARGS,
        execute: real.lookup_order,
      }),
      get_refund_policy: tool({
        description: DESCRIPTIONS.get_refund_policy,
        inputSchema: ORDER_ARGS,
        execute: real.get_refund_policy,
      }),
      refund_payment: tool({
        description: DESCRIPTIONS.refund_payment,
        inputSchema: REFUND_ARGS,
        execute: real.refund_payment,
      }),
    }
  }

  it('runs your execute in production, keeping your description and schema', async () => {
    const real = realSystem()
    const tools = twinnedAiSdkTools(demoCoTwin, ownTools(real))
    expect(tools.lookup_order.description).toBe(DESCRIPTIONS.lookup_order)
    expect(tools.lookup_order.inputSchema).toBe(ORDER_ARGS)
    const answer = await tools.lookup_order.execute!(
      { order_id: 'ORD-1001' },
      { toolCallId: 'c1', messages: [] },
    )
    expect(answer).toMatchInlineSnapshot(
      `"{"from":"the real system","tool":"lookup_order","args":{"order_id":"ORD-1001"}}"`,
    )
    expect(real.calls).toEqual(['lookup_order'])
  })

  it('sends every call of a case to the twin, recorded in-process, faults included', async () => {
    const real = realSystem()
    const tools = twinnedAiSdkTools(demoCoTwin, ownTools(real))
    const happy = scriptedModel(REFUND_SCRIPT)
    const settings = { model: happy.model, tools, stopWhen: stepCountIs(6) }
    const run = await runDemoCase('refund-happy-path', fromAiSdk(settings, { version: 'v1' }))
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })

    const retry = scriptedModel(RETRY_SCRIPT)
    const failing = { model: retry.model, tools, stopWhen: stepCountIs(5) }
    const faulted = await runDemoCase('refund-server-error', fromAiSdk(failing, { version: 'v1' }))
    expect(faulted.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(
      RETRY_RECORDS,
    )
    const retried = retry.prompts[1] as Array<{ role: string }>
    expect(retried.filter((message) => message.role === 'tool')).toMatchInlineSnapshot(`
      [
        {
          "content": [
            {
              "output": {
                "type": "error-text",
                "value": "Tool "refund_payment" answered 500: {"error":"internal_server_error","message":"The server encountered an unexpected condition that prevented it from fulfilling the request."}",
              },
              "providerOptions": undefined,
              "toolCallId": "call-1-0",
              "toolName": "refund_payment",
              "type": "tool-result",
            },
          ],
          "providerOptions": undefined,
          "role": "tool",
        },
      ]
    `)
    expect(real.calls).toEqual([])
  })

  it('maps names the twin spells otherwise, and refuses a tool it cannot stand in for', () => {
    const real = realSystem()
    const { lookup_order } = ownTools(real)
    const mapped = twinnedAiSdkTools(
      demoCoTwin,
      { getOrder: lookup_order },
      { names: { getOrder: 'lookup_order' } },
    )
    expect(Object.keys(mapped)).toEqual(['getOrder'])
    expect(() => twinnedAiSdkTools(demoCoTwin, { getOrder: lookup_order })).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_UNKNOWN_TOOL' }),
    )
    const clientSide = tool({ description: 'Asks the user.', inputSchema: ORDER_ARGS })
    expect(() => twinnedAiSdkTools(demoCoTwin, { lookup_order: clientSide })).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_TOOL_NOT_WRAPPABLE' }),
    )
  })

  it('takes the twin file by URL, so the agent module needs nothing from the main entry', async () => {
    const real = realSystem()
    const twinFile = new URL('../../examples/demo-co/twins/demo-co.twin.yaml', import.meta.url)
    const tools = twinnedAiSdkTools(twinFile, ownTools(real))
    const happy = scriptedModel(REFUND_SCRIPT)
    const settings = { model: happy.model, tools, stopWhen: stepCountIs(6) }
    const run = await runDemoCase('refund-happy-path', fromAiSdk(settings, { version: 'v1' }))
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(real.calls).toEqual([])
    expect(Object.keys(aiSdkTools(twinFile, { only: ['lookup_order'] }))).toEqual(['lookup_order'])
  })
})
