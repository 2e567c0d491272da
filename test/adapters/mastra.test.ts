/**
 * A Mastra agent as it is: a real `Agent` on the AI SDK v5 scripted model
 * that Mastra's own tests use (MockLanguageModelV2), run through AgentTwin
 * with the twin's tools in-process.
 */
import type { LanguageModelV2StreamPart } from '@ai-sdk/provider-v5'
import { Agent } from '@mastra/core/agent'
import { createTool, Tool } from '@mastra/core/tools'
import { simulateReadableStream } from 'ai-v5'
import { MockLanguageModelV2 } from 'ai-v5/test'
import { describe, expect, it } from 'vitest'
import { fromMastra, mastraTools, twinnedMastraTools } from '../../src/adapters/mastra.ts'
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
import {
  DESCRIPTIONS,
  ORDER_ARGS,
  type OwnToolName,
  REFUND_ARGS,
  realSystem,
} from '../support/adapters/own-tools.ts'

const SERVER_ERROR =
  'Tool "refund_payment" answered 500: {"error":"internal_server_error","message":"The server encountered an unexpected condition that prevented it from fulfilling the request."}'

/** What Mastra tells the model after the twin answered the refund with a 500, as the model reads it. */
const FAILED_REFUND_MESSAGES = [
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'call-1-0',
        toolName: 'refund_payment',
        output: {
          type: 'json',
          value: {
            code: 'TOOL_EXECUTION_FAILED',
            message: SERVER_ERROR,
            details: {
              category: 'USER',
              domain: 'TOOL',
              message: SERVER_ERROR,
              details: {
                argsJson:
                  '{"order_id":"ORD-1001","amount":40,"idempotency_key":"refund-ORD-1001-40"}',
                errorMessage: '[Agent:support] - Failed tool execution',
                model: 'mock-model-id',
              },
            },
          },
        },
      },
    ],
  },
]

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

/** The tool results a prompt hands the model back, as JSON. */
function toolMessages(prompt: unknown): unknown[] {
  const messages = (prompt as Array<{ role: string }>).filter((message) => message.role === 'tool')
  // As a provider sends them: JSON, so an error shows what of it serialises.
  return JSON.parse(JSON.stringify(messages))
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
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
    expect(run.result).toMatchObject(REFUND_RESULT)
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
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(RETRY_RECORDS)
    expect(toolMessages(prompts[1])).toEqual(FAILED_REFUND_MESSAGES)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
  })

  it('hands a conversation to the model whole', async () => {
    const { model, prompts } = scriptedModel([{ say: 'It ships on Friday.' }])
    const agent = fromMastra(new Agent({ name: 'support', instructions: '', model }), {
      version: 'v1',
    })
    const context = conversationContext()
    const result = await agent.run({ message: 'ignored in a conversation' }, context)
    expect(result).toMatchObject({ reply: 'It ships on Friday.', toolCalls: [] })
    const prompt = prompts[0] as Array<{ role: string }>
    expect(prompt.map((m) => m.role).filter((role) => role !== 'system')).toEqual([
      'user',
      'assistant',
      'user',
    ])
    expect(prompt.at(-1)).toMatchInlineSnapshot(`
      {
        "content": [
          {
            "text": "When does my other order ship?",
            "type": "text",
          },
        ],
        "role": "user",
      }
    `)
  })
})

describe('twinnedMastraTools: your own Mastra tools, answered by the twin in a case', () => {
  function ownTools(real: ReturnType<typeof realSystem>) {
    const own = (id: OwnToolName, inputSchema: typeof ORDER_ARGS | typeof REFUND_ARGS) =>
      createTool({
        id,
        description: DESCRIPTIONS[id],
        inputSchema,
        execute: async ({ context }) => real[id](context),
      })
    return {
      lookup_order: own('lookup_order', ORDER_ARGS),
      get_refund_policy: own('get_refund_policy', ORDER_ARGS),
      refund_payment: own('refund_payment', REFUND_ARGS),
    }
  }

  it('runs your execute in production, keeping your id, description, schema and check', async () => {
    const real = realSystem()
    const { lookup_order } = twinnedMastraTools(demoCoTwin, ownTools(real))
    expect(lookup_order).toBeInstanceOf(Tool)
    expect(lookup_order).toMatchObject({ id: 'lookup_order', inputSchema: ORDER_ARGS })
    const execute = lookup_order.execute as (invocation: unknown) => Promise<unknown>
    expect(await execute({ context: { order_id: 'ORD-1001' } })).toMatchInlineSnapshot(
      `"{"from":"the real system","tool":"lookup_order","args":{"order_id":"ORD-1001"}}"`,
    )
    expect(await execute({ context: { order: 1 } })).toMatchObject({ error: true })
    expect(real.calls).toEqual(['lookup_order'])
  })

  it('sends every call of a case to the twin, recorded in-process, faults included', async () => {
    const real = realSystem()
    const tools = twinnedMastraTools(demoCoTwin, ownTools(real))
    const happy = scriptedModel(REFUND_SCRIPT)
    const support = new Agent({ name: 'support', instructions: '', model: happy.model, tools })
    const run = await runDemoCase(
      'refund-happy-path',
      fromMastra(support, { version: 'v1', maxSteps: 6 }),
    )
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })

    const retry = scriptedModel(RETRY_SCRIPT)
    const failing = new Agent({ name: 'support', instructions: '', model: retry.model, tools })
    const faulted = await runDemoCase(
      'refund-server-error',
      fromMastra(failing, { version: 'v1', maxSteps: 5 }),
    )
    expect(faulted.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(
      RETRY_RECORDS,
    )
    // The model is told of the failed refund in the same words, whoever owns the tool.
    expect(toolMessages(retry.prompts[1])).toEqual(FAILED_REFUND_MESSAGES)
    expect(real.calls).toEqual([])
  })

  it('maps names the twin spells otherwise, and refuses a tool without execute', () => {
    const real = realSystem()
    const { lookup_order } = ownTools(real)
    const mapped = twinnedMastraTools(
      demoCoTwin,
      { getOrder: lookup_order },
      { names: { getOrder: 'lookup_order' } },
    )
    expect(Object.keys(mapped)).toEqual(['getOrder'])
    expect(() => twinnedMastraTools(demoCoTwin, { getOrder: lookup_order })).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_UNKNOWN_TOOL' }),
    )
    const noExecute = createTool({ id: 'lookup_order', description: 'x', inputSchema: ORDER_ARGS })
    expect(() => twinnedMastraTools(demoCoTwin, { lookup_order: noExecute })).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_TOOL_NOT_WRAPPABLE' }),
    )
  })
})
