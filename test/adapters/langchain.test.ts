/**
 * A LangChain.js agent (`createAgent`) and a compiled LangGraph.js graph as
 * they are, on LangChain's own scripted model (`fakeModel`), run through
 * AgentTwin with the twin's tools in-process.
 */
import { AIMessage, type BaseMessage } from '@langchain/core/messages'
import { fakeModel } from '@langchain/core/testing'
import { tool } from '@langchain/core/tools'
import { MessagesAnnotation, StateGraph } from '@langchain/langgraph'
import { createAgent } from 'langchain'
import { describe, expect, it } from 'vitest'
import {
  fromLangChain,
  langChainTools,
  twinnedLangChainTools,
} from '../../src/adapters/langchain.ts'
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

const USAGE = { input_tokens: 100, output_tokens: 20, total_tokens: 120 }

/** LangChain's scripted model, one step of the script per call. */
function scriptedModel(script: Step[]) {
  const model = fakeModel()
  script.forEach((step, index) => {
    model.respond(
      'say' in step
        ? new AIMessage({ content: step.say, usage_metadata: USAGE })
        : new AIMessage({
            content: '',
            usage_metadata: USAGE,
            tool_calls: step.call.map((call, n) => ({
              id: `call-${index}-${n}`,
              name: call.tool,
              args: call.args,
              type: 'tool_call' as const,
            })),
          }),
    )
  })
  return model
}

describe('fromLangChain', () => {
  it('runs a createAgent agent as a one-turn case: twin tools in-process, calls recorded as evidence', async () => {
    const support = createAgent({
      model: scriptedModel(REFUND_SCRIPT),
      tools: langChainTools(demoCoTwin),
      systemPrompt: 'You are Demo Co support.',
    })
    const run = await runDemoCase(
      'refund-happy-path',
      fromLangChain(support, { name: 'support', version: 'v1' }),
    )
    expect(run.error).toBeUndefined()
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
    expect(run.result).toMatchObject(REFUND_RESULT)
    // The agent states no outcome: it is read from the reply, and marked as read.
    expect(run.result?.inferred?.family).toBe('success')
  })

  it("shows a fault's failure as LangChain shows a failing tool: an error ToolMessage", async () => {
    const model = scriptedModel(RETRY_SCRIPT)
    const support = createAgent({ model, tools: langChainTools(demoCoTwin) })
    const run = await runDemoCase('refund-server-error', fromLangChain(support, { version: 'v2' }))
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(RETRY_RECORDS)
    const seen = model.calls[1]!.messages as BaseMessage[]
    const failed = seen.find((message) => message.getType() === 'tool')
    expect(failed).toMatchObject({ status: 'error' })
    expect(failed?.content).toMatchInlineSnapshot(`
      "TwinToolError: Tool "refund_payment" answered 500: {"error":"internal_server_error","message":"The server encountered an unexpected condition that prevented it from fulfilling the request."}
       Please fix your mistakes."
    `)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })
  })

  it('hands a conversation to a compiled LangGraph graph whole', async () => {
    const model = scriptedModel([{ say: 'It ships on Friday.' }])
    const graph = new StateGraph(MessagesAnnotation)
      .addNode('agent', async (state) => ({ messages: [await model.invoke(state.messages)] }))
      .addEdge('__start__', 'agent')
      .addEdge('agent', '__end__')
      .compile()
    const agent = fromLangChain(graph, { version: 'v1' })
    const context = conversationContext()
    const result = await agent.run({ message: 'ignored in a conversation' }, context)
    expect(result).toEqual({
      reply: 'It ships on Friday.',
      toolCalls: [],
      tokens: { input: 100, output: 20 },
    })
    const seen = model.calls[0]!.messages as BaseMessage[]
    expect(seen.map((message) => message.getType())).toEqual(['human', 'ai', 'human'])
    expect(seen.at(-1)?.content).toBe('When does my other order ship?')
  })
})

describe('twinnedLangChainTools: your own LangChain tools, answered by the twin in a case', () => {
  function ownTools(real: ReturnType<typeof realSystem>) {
    return [
      tool(real.lookup_order, {
        name: 'lookup_order',
        description: DESCRIPTIONS.lookup_order,
        schema: ORDER_ARGS,
      }),
      tool(real.get_refund_policy, {
        name: 'get_refund_policy',
        description: DESCRIPTIONS.get_refund_policy,
        schema: ORDER_ARGS,
      }),
      tool(real.refund_payment, {
        name: 'refund_payment',
        description: DESCRIPTIONS.refund_payment,
        schema: REFUND_ARGS,
      }),
    ] as const
  }

  it('runs your function in production, keeping your name, description, schema and check', async () => {
    const real = realSystem()
    const [lookup] = twinnedLangChainTools(demoCoTwin, [ownTools(real)[0]])
    expect(lookup).toMatchObject({ name: 'lookup_order', description: DESCRIPTIONS.lookup_order })
    expect(lookup?.schema).toBe(ORDER_ARGS)
    expect(await lookup!.invoke({ order_id: 'ORD-1001' })).toMatchInlineSnapshot(
      `"{"from":"the real system","tool":"lookup_order","args":{"order_id":"ORD-1001"}}"`,
    )
    await expect(lookup!.invoke({ order: 1 } as never)).rejects.toThrow()
    expect(real.calls).toEqual(['lookup_order'])
  })

  it('sends every call of a case to the twin, recorded in-process, faults included', async () => {
    const real = realSystem()
    const tools = twinnedLangChainTools(demoCoTwin, ownTools(real))
    const support = createAgent({ model: scriptedModel(REFUND_SCRIPT), tools })
    const run = await runDemoCase('refund-happy-path', fromLangChain(support, { version: 'v1' }))
    expect(run.records.map((r) => [r.tool, r.status, r.transport])).toEqual(REFUND_RECORDS)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1001': { refund_count: 1 } } })

    const model = scriptedModel(RETRY_SCRIPT)
    const failing = createAgent({ model, tools })
    const faulted = await runDemoCase(
      'refund-server-error',
      fromLangChain(failing, { version: 'v1' }),
    )
    expect(faulted.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual(
      RETRY_RECORDS,
    )
    const seen = model.calls[1]!.messages as BaseMessage[]
    const failed = seen.find((message) => message.getType() === 'tool')
    expect(failed).toMatchObject({ status: 'error' })
    expect(failed?.content).toMatchInlineSnapshot(`
      "TwinToolError: Tool "refund_payment" answered 500: {"error":"internal_server_error","message":"The server encountered an unexpected condition that prevented it from fulfilling the request."}
       Please fix your mistakes."
    `)
    expect(real.calls).toEqual([])
  })

  it('maps names the twin spells otherwise, and refuses what is not a structured tool', () => {
    const real = realSystem()
    const getOrder = tool(real.lookup_order, {
      name: 'getOrder',
      description: DESCRIPTIONS.lookup_order,
      schema: ORDER_ARGS,
    })
    const [mapped] = twinnedLangChainTools(demoCoTwin, [getOrder], {
      names: { getOrder: 'lookup_order' },
    })
    expect(mapped?.name).toBe('getOrder')
    expect(() => twinnedLangChainTools(demoCoTwin, [getOrder])).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_UNKNOWN_TOOL' }),
    )
    const plain = { name: 'lookup_order', description: 'not a tool' } as never
    expect(() => twinnedLangChainTools(demoCoTwin, [plain])).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_TOOL_NOT_WRAPPABLE' }),
    )
  })
})
