/**
 * `agenttwin/adapters/ai-sdk`: an AI SDK agent as it is, tested by AgentTwin.
 * Loads `ai` (an optional peer) when imported.
 *
 * @example
 * import { fromAiSdk, aiSdkTools } from 'agenttwin/adapters/ai-sdk'
 * export const agents = {
 *   v1: fromAiSdk({ model, system, tools: aiSdkTools(shop), stopWhen: stepCountIs(5) }, { name: 'support', version: 'v1' }),
 * }
 */
import type { generateText as GenerateText, ModelMessage, Tool, ToolSet } from 'ai'
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
  caseSignal,
  conversationOf,
  tokensOf,
} from './conversation.ts'
import { ToolNotWrappableError } from './errors.ts'

export { MissingPeerError } from '../core/peer.ts'
export { ToolNotWrappableError } from './errors.ts'

const ai = await loadPeer('agenttwin/adapters/ai-sdk', ['ai'], 'ai', () => import('ai'))

/** `generateText` / `streamText` settings, without the prompt (the case gives the messages). */
export type AiSdkSettings<TOOLS extends ToolSet = ToolSet> = Omit<
  Parameters<typeof GenerateText<TOOLS>>[0],
  'prompt' | 'messages'
>

/** What a finished generation gives, as far as the adapter reads it (any tool set). */
export interface AiSdkFinished {
  text: string
  steps: ReadonlyArray<{ toolCalls: ReadonlyArray<{ toolName: string; input: unknown }> }>
  totalUsage: { inputTokens: number | undefined; outputTokens: number | undefined }
}

/** What a stream gives once it finishes. */
export interface AiSdkStreamed {
  text: PromiseLike<string>
  steps: PromiseLike<AiSdkFinished['steps']>
  totalUsage: PromiseLike<AiSdkFinished['totalUsage']>
}

/** An AI SDK agent (`ToolLoopAgent`, or your own class implementing the SDK's `Agent`), with any tools. */
export interface AiSdkAgentLike {
  generate(options: {
    messages: ModelMessage[]
    abortSignal?: AbortSignal
  }): PromiseLike<AiSdkFinished>
  stream?(options: {
    messages: ModelMessage[]
    abortSignal?: AbortSignal
  }): PromiseLike<AiSdkStreamed>
}

export interface AiSdkAdapterOptions extends AdapterOptions {
  /** Run with `streamText` (or the agent's `stream`) instead of `generateText`. Default false. */
  stream?: boolean
}

type Finished = AiSdkFinished

function isAgent<TOOLS extends ToolSet>(
  source: AiSdkSettings<TOOLS> | AiSdkAgentLike,
): source is AiSdkAgentLike {
  return typeof (source as Partial<AiSdkAgentLike>).generate === 'function'
}

async function finish(result: AiSdkStreamed): Promise<Finished> {
  const [text, steps, totalUsage] = await Promise.all([
    result.text,
    result.steps,
    result.totalUsage,
  ])
  return { text, steps, totalUsage }
}

/**
 * Turns AI SDK `generateText` / `streamText` settings, or an AI SDK agent
 * (`new ToolLoopAgent(...)`), into an AgentTwin agent: each case runs it on
 * the conversation so far (one user message for a one-turn case), with the
 * case's abort signal. The reply is the final text, the tool calls of every
 * step are kept as the agent's claim, the tokens are the SDK's total usage;
 * no outcome is stated, so AgentTwin reads it from the reply.
 * @example
 * const agent = fromAiSdk(new ToolLoopAgent({ model, tools }), { name: 'support', version: '2.0.0' })
 */
export function fromAiSdk<TOOLS extends ToolSet = ToolSet>(
  source: AiSdkSettings<TOOLS> | AiSdkAgentLike,
  options: AiSdkAdapterOptions,
): Agent {
  const name = options.name ?? 'ai-sdk-agent'
  const label = `${name}@${options.version}`
  return {
    name,
    version: options.version,
    async run(input, context: AgentContext) {
      const messages: ModelMessage[] = conversationOf(input, context, label)
      let finished: Finished
      if (isAgent(source)) {
        const call = { messages, abortSignal: context.signal }
        finished =
          options.stream && source.stream
            ? await finish(await source.stream(call))
            : await source.generate(call)
      } else {
        const settings = {
          ...source,
          messages,
          abortSignal: caseSignal(context, source.abortSignal),
        }
        finished = options.stream
          ? await finish(ai.streamText(settings))
          : await ai.generateText(settings)
      }
      const toolCalls: AgentToolCall[] = finished.steps.flatMap((step) =>
        step.toolCalls.map((call) => ({
          tool: call.toolName,
          args: (call.input ?? {}) as Record<string, unknown>,
        })),
      )
      const usage = finished.totalUsage
      return adaptedResult(
        finished.text,
        toolCalls,
        tokensOf(usage.inputTokens, usage.outputTokens),
      )
    },
  }
}

/**
 * A twin's tools as AI SDK tools (`tool()` with the twin's description and
 * input schema), whose `execute` calls the twin in-process: recorded like an
 * HTTP call, a failure thrown so the SDK shows the model a tool error.
 * @example
 * const tools = aiSdkTools(await loadTwin('twins/shop.twin.yaml'), { only: ['lookup_order'] })
 */
export function aiSdkTools(source: TwinSource, options: TwinToolsOptions = {}): ToolSet {
  const tools: Record<string, Tool> = {}
  for (const spec of twinToolSpecs(source, options)) {
    tools[spec.name] = ai.tool({
      description: spec.description,
      inputSchema: ai.jsonSchema(spec.inputSchema),
      execute: (args: unknown, { abortSignal }: { abortSignal?: AbortSignal }) =>
        spec.call(args, abortSignal ? { signal: abortSignal } : {}),
    })
  }
  return tools
}

/**
 * Your own AI SDK tools (`tool()`s keyed by name), pointed at a twin: each
 * keeps its description, input schema and the SDK's validation, and while a
 * test runs its `execute` calls the twin tool of the same name (or as `names`
 * maps it) in-process, recorded like an HTTP call, a failure thrown as a tool
 * error; in production your `execute` runs. A name the twin lacks throws
 * `UnknownToolError` here.
 * @example
 * const tools = twinnedAiSdkTools(shop, { lookup_order: lookupOrder, refund_payment: refundPayment })
 */
export function twinnedAiSdkTools<TOOLS extends ToolSet>(
  source: TwinSource,
  tools: TOOLS,
  options: TwinnedToolsOptions = {},
): TOOLS {
  // A twin file named by URL or path is read once, not once a tool.
  const twinSource = resolveTwinSource(source)
  const wrapped: Record<string, Tool> = {}
  for (const [name, own] of Object.entries(tools)) {
    const route = twinRoute(twinSource, name, options)
    const real = own.execute
    // Without execute the SDK hands the call back to the caller: adding one would change the agent.
    if (!real) throw new ToolNotWrappableError(name, 'it has no execute function')
    wrapped[name] = {
      ...own,
      execute: (args: unknown, execution: { abortSignal?: AbortSignal }) => {
        if (route.answersHere()) {
          return route.spec.call(
            args,
            execution.abortSignal ? { signal: execution.abortSignal } : {},
          )
        }
        return real(args, execution as Parameters<typeof real>[1])
      },
    } as Tool
  }
  return wrapped as TOOLS
}
