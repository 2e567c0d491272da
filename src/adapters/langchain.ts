/**
 * `agenttwin/adapters/langchain`: a LangChain.js agent (`createAgent`) or a
 * compiled LangGraph.js graph as it is, tested by AgentTwin. Loads
 * `@langchain/core` (an optional peer) when imported.
 *
 * @example
 * import { fromLangChain, langChainTools } from 'agenttwin/adapters/langchain'
 * const support = createAgent({ model, tools: langChainTools(shop), systemPrompt })
 * export const agents = { v1: fromLangChain(support, { name: 'support', version: 'v1' }) }
 */
import type { BaseMessage } from '@langchain/core/messages'
import type { DynamicStructuredTool, StructuredToolInterface } from '@langchain/core/tools'
import type { AgentToolCall } from '../core/case-run.ts'
import { loadPeer } from '../core/peer.ts'
import {
  resolveTwinSource,
  type TwinnedToolsOptions,
  type TwinSource,
  type TwinToolsOptions,
  twinRoute,
  twinToolSpecs,
} from '../in-process/index.ts'
import type { Agent, AgentContext } from '../scenario/types.ts'
import { type AdapterOptions, adaptedResult, conversationOf, resultText } from './conversation.ts'
import { ToolNotWrappableError } from './errors.ts'

export { MissingPeerError } from '../core/peer.ts'
export { ToolNotWrappableError } from './errors.ts'

const ENTRY = 'agenttwin/adapters/langchain'
const tools = await loadPeer(
  ENTRY,
  ['@langchain/core'],
  '@langchain/core',
  () => import('@langchain/core/tools'),
)
const messageClasses = await loadPeer(
  ENTRY,
  ['@langchain/core'],
  '@langchain/core',
  () => import('@langchain/core/messages'),
)

/**
 * What both a `createAgent` agent and a compiled LangGraph graph with a
 * `messages` channel are: invoked with the messages, they answer with them.
 */
export interface MessagesRunnable {
  invoke(
    input: { messages: BaseMessage[] },
    config?: { signal?: AbortSignal; recursionLimit?: number },
  ): Promise<{ messages: BaseMessage[] }>
}

export interface LangChainAdapterOptions extends AdapterOptions {
  /** The graph's recursion limit per case (LangGraph's `recursionLimit`). */
  recursionLimit?: number
}

/** `ai`, `human`, `tool`, ... as the message reports itself. */
function kindOf(message: BaseMessage): string {
  return message.getType()
}

/** A message's text: its content when a string, else its text blocks joined. */
function textOf(message: BaseMessage): string {
  const { content } = message
  if (typeof content === 'string') return content
  return content
    .map((block) => (block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
    .join('')
}

/**
 * Turns a LangChain.js agent (`createAgent(...)`) or a compiled LangGraph.js
 * graph whose state has `messages` into an AgentTwin agent: each case invokes
 * it with the conversation so far (one user message for a one-turn case) and
 * the case's abort signal. The reply is the last AI message's text, the tool
 * calls of this turn's AI messages are kept as the agent's claim, and the
 * tokens are their `usage_metadata`, summed.
 * @example
 * const agent = fromLangChain(graph.compile(), { name: 'support', version: '3.1.0' })
 */
export function fromLangChain(runnable: MessagesRunnable, options: LangChainAdapterOptions): Agent {
  const name = options.name ?? 'langchain-agent'
  const label = `${name}@${options.version}`
  return {
    name,
    version: options.version,
    async run(input, context: AgentContext) {
      const messages = conversationOf(input, context, label).map((message) =>
        message.role === 'user'
          ? new messageClasses.HumanMessage(message.content)
          : new messageClasses.AIMessage(message.content),
      )
      const state = await runnable.invoke(
        { messages },
        {
          signal: context.signal,
          ...(options.recursionLimit !== undefined && { recursionLimit: options.recursionLimit }),
        },
      )
      // This turn: everything after its user message (a checkpointer may keep older turns).
      const all = state.messages
      const lastHuman = all.findLastIndex((message) => kindOf(message) === 'human')
      const turn = all.slice(lastHuman + 1).filter((message) => kindOf(message) === 'ai')
      const toolCalls: AgentToolCall[] = turn.flatMap((message) =>
        (
          (message as { tool_calls?: Array<{ name: string; args: Record<string, unknown> }> })
            .tool_calls ?? []
        ).map((call) => ({ tool: call.name, args: call.args })),
      )
      const usages = turn.flatMap((message) => {
        const usage = (
          message as { usage_metadata?: { input_tokens: number; output_tokens: number } }
        ).usage_metadata
        return usage ? [usage] : []
      })
      const tokens =
        usages.length > 0
          ? {
              input: usages.reduce((sum, usage) => sum + usage.input_tokens, 0),
              output: usages.reduce((sum, usage) => sum + usage.output_tokens, 0),
            }
          : undefined
      const last = turn.at(-1)
      return adaptedResult(last ? textOf(last) : '', toolCalls, tokens)
    },
  }
}

/**
 * A twin's tools as LangChain tools (`tool()` with the twin's description and
 * JSON Schema), whose function calls the twin in-process: recorded like an
 * HTTP call, a failure thrown so the agent's tool node hands the model an
 * error `ToolMessage`.
 * @example
 * const agent = createAgent({ model, tools: langChainTools(shop, { only: ['lookup_order'] }) })
 */
export function langChainTools(
  source: TwinSource,
  options: TwinToolsOptions = {},
): DynamicStructuredTool[] {
  return twinToolSpecs(source, options).map(
    (spec) =>
      tools.tool(
        async (args: unknown, config?: { signal?: AbortSignal }) =>
          resultText(await spec.call(args, config?.signal ? { signal: config.signal } : {})),
        { name: spec.name, description: spec.description, schema: spec.inputSchema },
      ) as DynamicStructuredTool,
  )
}

/** What a structured tool runs once LangChain has checked the arguments against its schema. */
type ToolBody = (arg: unknown, runManager?: unknown, config?: { signal?: AbortSignal }) => unknown

/**
 * Your own LangChain tools (`tool()`, `DynamicStructuredTool`, a
 * `StructuredTool` class), pointed at a twin: each keeps its name, description,
 * schema and LangChain's argument check, and while a test runs the checked
 * arguments go to the twin tool of the same name (or as `names` maps it)
 * in-process, recorded like an HTTP call, a failure thrown so the tool node
 * hands the model an error `ToolMessage`; in production your function runs.
 * A name the twin lacks throws `UnknownToolError` here.
 * @example
 * const agent = createAgent({ model, tools: twinnedLangChainTools(shop, [lookupOrder, refundPayment]) })
 */
export function twinnedLangChainTools<T extends StructuredToolInterface>(
  source: TwinSource,
  own: readonly T[],
  options: TwinnedToolsOptions = {},
): T[] {
  // A twin file named by URL or path is read once, not once a tool.
  const twinSource = resolveTwinSource(source)
  return own.map((original) => {
    if (!tools.isStructuredTool(original)) {
      throw new ToolNotWrappableError(
        String((original as { name?: unknown }).name),
        'it is not a LangChain structured tool',
      )
    }
    const route = twinRoute(twinSource, original.name, options)
    const real = (original as unknown as { _call: ToolBody })._call
    // The copy inherits every method of the tool's class; only the body after the check differs.
    const copy = Object.assign(Object.create(Object.getPrototypeOf(original)), original) as T
    const body: ToolBody = async function (this: T, arg, runManager, config) {
      if (!route.answersHere()) return real.call(this, arg, runManager, config)
      return resultText(await route.spec.call(arg, config?.signal ? { signal: config.signal } : {}))
    }
    ;(copy as unknown as { _call: ToolBody })._call = body
    return copy
  })
}
