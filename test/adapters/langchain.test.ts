/**
 * A LangChain.js agent (`createAgent`) and a compiled LangGraph.js graph as
 * they are, on LangChain's own scripted model (`fakeModel`), run through
 * AgentTwin with the twin's tools in-process.
 */
import { AIMessage, type BaseMessage } from '@langchain/core/messages'
import { fakeModel } from '@langchain/core/testing'
import { MessagesAnnotation, StateGraph } from '@langchain/langgraph'
import { createAgent } from 'langchain'
import { describe, expect, it } from 'vitest'
import { fromLangChain, langChainTools } from '../../src/adapters/langchain.ts'
import {
  demoCoTwin,
  REFUND_REQUEST,
  REFUND_SCRIPT,
  RETRY_SCRIPT,
  runDemoCase,
  type Step,
} from './support/demo-co.ts'

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

  it("shows a fault's failure as LangChain shows a failing tool: an error ToolMessage", async () => {
    const model = scriptedModel(RETRY_SCRIPT)
    const support = createAgent({ model, tools: langChainTools(demoCoTwin) })
    const run = await runDemoCase('refund-server-error', fromLangChain(support, { version: 'v2' }))
    expect(run.records.map((r) => [r.tool, r.status, r.fault?.type ?? null])).toEqual([
      ['refund_payment', 500, 'server_error'],
      ['refund_payment', 200, null],
    ])
    const seen = model.calls[1]!.messages as BaseMessage[]
    const failed = seen.find((message) => message.getType() === 'tool')
    expect(failed).toMatchObject({ status: 'error' })
    expect(String(failed?.content)).toContain('answered 500')
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
