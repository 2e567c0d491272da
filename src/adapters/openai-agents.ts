/**
 * `agenttwin/adapters/openai-agents`: an OpenAI Agents SDK agent as it is,
 * tested by AgentTwin. Loads `@openai/agents` (an optional peer) when imported.
 *
 * @example
 * import { fromOpenAIAgents, openAIAgentsTools } from 'agenttwin/adapters/openai-agents'
 * const support = new Agent({ name: 'support', instructions, tools: openAIAgentsTools(shop) })
 * export const agents = { v1: fromOpenAIAgents(support, { version: 'v1' }) }
 */
import type {
  AgentInputItem,
  FunctionTool,
  Agent as OpenAIAgent,
  Runner,
  RunResult,
} from '@openai/agents'
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
import {
  type AdapterOptions,
  adaptedResult,
  conversationOf,
  parsedArguments,
  resultText,
  tokensOf,
} from './conversation.ts'
import { ToolNotWrappableError } from './errors.ts'

export { MissingPeerError } from '../core/peer.ts'
export { ToolNotWrappableError } from './errors.ts'

const sdk = await loadPeer(
  'agenttwin/adapters/openai-agents',
  ['@openai/agents', 'zod'],
  '@openai/agents',
  () => import('@openai/agents'),
)

export interface OpenAIAgentsAdapterOptions extends AdapterOptions {
  /**
   * The runner to run the agent with (your model provider, guardrails, hooks).
   * Default: a `Runner` with tracing off, since traces would go to OpenAI.
   */
  runner?: Runner
  /** The most turns of the agent loop per case (the SDK's `maxTurns`). */
  maxTurns?: number
}

// biome-ignore lint/suspicious/noExplicitAny: any agent of the SDK, whatever its context and output types.
type AnyAgent = OpenAIAgent<any, any>

/**
 * Turns an OpenAI Agents SDK `Agent` into an AgentTwin agent: each case runs
 * it with the SDK's `Runner` on the conversation so far (one user message for a
 * one-turn case) and the case's abort signal. The reply is the final output
 * (JSON text when the agent has a structured output type), the function calls
 * of the run are kept as the agent's claim, and the tokens are the run's usage.
 * @example
 * const agent = fromOpenAIAgents(new Agent({ name: 'support', instructions, tools }), { version: '1.4.0' })
 */
export function fromOpenAIAgents(agent: AnyAgent, options: OpenAIAgentsAdapterOptions): Agent {
  const name = options.name ?? agent.name
  const label = `${name}@${options.version}`
  const runner = options.runner ?? new sdk.Runner({ tracingDisabled: true })
  return {
    name,
    version: options.version,
    async run(input, context: AgentContext) {
      const items: AgentInputItem[] = conversationOf(input, context, label).map((message) =>
        message.role === 'user' ? sdk.user(message.content) : sdk.assistant(message.content),
      )
      const result: RunResult<unknown, AnyAgent> = await runner.run(agent, items, {
        signal: context.signal,
        ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
      })
      const toolCalls: AgentToolCall[] = result.newItems.flatMap((item) =>
        item.type === 'tool_call_item' && item.rawItem.type === 'function_call'
          ? [{ tool: item.rawItem.name, args: parsedArguments(item.rawItem.arguments) }]
          : [],
      )
      const output = result.finalOutput
      const reply =
        typeof output === 'string' ? output : output == null ? '' : JSON.stringify(output)
      const usage = result.state.usage
      return adaptedResult(reply, toolCalls, tokensOf(usage.inputTokens, usage.outputTokens))
    },
  }
}

/**
 * A twin's tools as OpenAI Agents SDK function tools (`tool()` with the twin's
 * description and input schema, not strict), whose `execute` calls the twin
 * in-process: recorded like an HTTP call, a failure thrown so the SDK's error
 * function shows the model the tool's error text.
 * @example
 * const agent = new Agent({ name: 'support', tools: openAIAgentsTools(shop, { only: ['lookup_order'] }) })
 */
export function openAIAgentsTools(
  source: TwinSource,
  options: TwinToolsOptions = {},
): FunctionTool[] {
  return twinToolSpecs(source, options).map(
    (spec) =>
      sdk.tool({
        name: spec.name,
        description: spec.description,
        // biome-ignore lint/suspicious/noExplicitAny: the twin's JSON Schema, checked by the twin on every call.
        parameters: spec.inputSchema as any,
        strict: false,
        execute: async (args: unknown, _context: unknown, details?: { signal?: AbortSignal }) =>
          resultText(await spec.call(args, details?.signal ? { signal: details.signal } : {})),
      }) as FunctionTool,
  )
}

/**
 * Your own OpenAI Agents SDK function tools (`tool()`), pointed at a twin:
 * each keeps its name, description, parameters and strictness, and while a
 * test runs the SDK parses the model's arguments against those parameters and
 * the twin tool of the same name (or as `names` maps it) answers in-process,
 * recorded like an HTTP call, a failure shown to the model through the SDK's
 * default error function; in production your `execute` runs, with your own
 * error function. A name the twin lacks throws `UnknownToolError` here.
 * @example
 * const agent = new Agent({ name: 'support', tools: twinnedOpenAIAgentsTools(shop, [lookupOrder]) })
 */
// biome-ignore lint/suspicious/noExplicitAny: any function tool, whatever its context, parameters and result.
export function twinnedOpenAIAgentsTools<T extends FunctionTool<any, any, any>>(
  source: TwinSource,
  own: readonly T[],
  options: TwinnedToolsOptions = {},
): T[] {
  // A twin file named by URL or path is read once, not once a tool.
  const twinSource = resolveTwinSource(source)
  return own.map((original) => {
    if (original.type !== 'function' || typeof original.invoke !== 'function') {
      throw new ToolNotWrappableError(
        String(original.name),
        'it is not a function tool (hosted tools run on the provider)',
      )
    }
    const route = twinRoute(twinSource, original.name, options)
    const twin = sdk.tool({
      name: original.name,
      description: original.description,
      // biome-ignore lint/suspicious/noExplicitAny: your tool's own JSON Schema, as the SDK derived it.
      parameters: original.parameters as any,
      strict: original.strict,
      execute: async (args: unknown, _context: unknown, details?: { signal?: AbortSignal }) =>
        resultText(await route.spec.call(args, details?.signal ? { signal: details.signal } : {})),
    })
    const invoke: FunctionTool['invoke'] = (context, input, details) =>
      route.answersHere()
        ? twin.invoke(context, input, details)
        : original.invoke(context, input, details)
    return { ...original, invoke }
  })
}
