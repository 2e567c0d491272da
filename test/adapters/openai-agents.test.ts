/**
 * An OpenAI Agents SDK agent as it is: a real `Agent`, run by the SDK's
 * `Runner` on a scripted `Model` (the SDK's own model interface), through
 * AgentTwin with the twin's tools in-process.
 */
import {
  Agent,
  type FunctionTool,
  type Model,
  type ModelRequest,
  type ModelResponse,
  RunContext,
  tool,
  Usage,
  webSearchTool,
} from '@openai/agents'
import { describe, expect, it } from 'vitest'
import {
  fromOpenAIAgents,
  openAIAgentsTools,
  twinnedOpenAIAgentsTools,
} from '../../src/adapters/openai-agents.ts'
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
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
    expect(run.result).toMatchObject(REFUND_RESULT)
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
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(RETRY_RECORDS)
    const input = requests[1]!.input as Array<{ type?: string; output?: unknown }>
    const result = input.find((item) => item.type === 'function_call_result')
    expect(result?.output).toMatchInlineSnapshot(`
      {
        "text": "An error occurred while running the tool. Please try again. Error: TwinToolError: Tool "refund_payment" answered 500: {"error":"internal_server_error","message":"The server encountered an unexpected condition that prevented it from fulfilling the request."}",
        "type": "text",
      }
    `)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
  })

  it('hands a conversation to the model whole', async () => {
    const { model, requests } = scriptedModel([{ say: 'It ships on Friday.' }])
    const agent = fromOpenAIAgents(new Agent({ name: 'support', model }), { version: 'v1' })
    const context = conversationContext()
    const result = await agent.run({ message: 'ignored in a conversation' }, context)
    expect(result).toMatchObject({ reply: 'It ships on Friday.', toolCalls: [] })
    const input = requests[0]!.input as Array<{ role?: string }>
    expect(input.map((item) => item.role)).toEqual(['user', 'assistant', 'user'])
    expect(input.at(-1)).toMatchInlineSnapshot(`
      {
        "content": [
          {
            "text": "When does my other order ship?",
            "type": "input_text",
          },
        ],
        "providerData": undefined,
        "role": "user",
        "type": "message",
      }
    `)
  })
})

describe('twinnedOpenAIAgentsTools: your own function tools, answered by the twin in a case', () => {
  function ownTools(real: ReturnType<typeof realSystem>) {
    return [
      tool({
        name: 'lookup_order',
        description: DESCRIPTIONS.lookup_order,
        parameters: ORDER_ARGS,
        execute: real.lookup_order,
      }),
      tool({
        name: 'get_refund_policy',
        description: DESCRIPTIONS.get_refund_policy,
        parameters: ORDER_ARGS,
        execute: real.get_refund_policy,
      }),
      tool({
        name: 'refund_payment',
        description: DESCRIPTIONS.refund_payment,
        parameters: REFUND_ARGS,
        execute: real.refund_payment,
      }),
    ]
  }

  it('runs your execute in production, keeping your name, description and parameters', async () => {
    const real = realSystem()
    const [lookup] = twinnedOpenAIAgentsTools(demoCoTwin, ownTools(real))
    const [own] = ownTools(real)
    expect(lookup).toMatchObject({
      name: 'lookup_order',
      description: DESCRIPTIONS.lookup_order,
      parameters: own!.parameters,
      strict: true,
    })
    const answer = await lookup!.invoke(new RunContext(), '{"order_id":"ORD-1001"}')
    expect(answer).toMatchInlineSnapshot(
      `"{"from":"the real system","tool":"lookup_order","args":{"order_id":"ORD-1001"}}"`,
    )
    expect(real.calls).toEqual(['lookup_order'])
  })

  it('sends every call of a case to the twin, recorded in-process, faults included', async () => {
    const real = realSystem()
    const tools = twinnedOpenAIAgentsTools(demoCoTwin, ownTools(real))
    const happy = scriptedModel(REFUND_SCRIPT)
    const support = new Agent({ name: 'support', model: happy.model, tools })
    const run = await runDemoCase('refund-happy-path', fromOpenAIAgents(support, { version: 'v1' }))
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })

    const retry = scriptedModel(RETRY_SCRIPT)
    const failing = new Agent({ name: 'support', model: retry.model, tools })
    const faulted = await runDemoCase(
      'refund-server-error',
      fromOpenAIAgents(failing, { version: 'v1' }),
    )
    expect(faulted.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(
      RETRY_RECORDS,
    )
    const retried = retry.requests[1]!.input as Array<{ type?: string; output?: unknown }>
    expect(retried.filter((item) => item.type === 'function_call_result')).toMatchInlineSnapshot(`
      [
        {
          "callId": "call-1-0",
          "name": "refund_payment",
          "output": {
            "text": "An error occurred while running the tool. Please try again. Error: TwinToolError: Tool "refund_payment" answered 500: {"error":"internal_server_error","message":"The server encountered an unexpected condition that prevented it from fulfilling the request."}",
            "type": "text",
          },
          "status": "completed",
          "type": "function_call_result",
        },
      ]
    `)
    expect(real.calls).toEqual([])
  })

  it('maps names the twin spells otherwise, and refuses a tool it cannot stand in for', () => {
    const real = realSystem()
    const getOrder = tool({
      name: 'getOrder',
      description: DESCRIPTIONS.lookup_order,
      parameters: ORDER_ARGS,
      execute: real.lookup_order,
    })
    const [mapped] = twinnedOpenAIAgentsTools(demoCoTwin, [getOrder], {
      names: { getOrder: 'lookup_order' },
    })
    expect(mapped?.name).toBe('getOrder')
    expect(() => twinnedOpenAIAgentsTools(demoCoTwin, [getOrder])).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_UNKNOWN_TOOL' }),
    )
    const hosted = webSearchTool() as unknown as FunctionTool
    expect(() => twinnedOpenAIAgentsTools(demoCoTwin, [hosted])).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_TOOL_NOT_WRAPPABLE' }),
    )
  })
})
