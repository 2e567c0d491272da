/**
 * `agenttwin/adapters/mastra`: a Mastra agent as it is, tested by AgentTwin.
 * Loads `@mastra/core` and `zod` (optional peers) when imported.
 *
 * @example
 * import { fromMastra, mastraTools } from 'agenttwin/adapters/mastra'
 * const support = new Agent({ name: 'support', instructions, model, tools: mastraTools(shop) })
 * export const agents = { v1: fromMastra(support, { version: 'v1' }) }
 */
import type { Agent as MastraAgent } from '@mastra/core/agent'
import type { AgentToolCall } from '../core/case-run.ts'
import { loadPeer, requirePeerFunction } from '../core/peer.ts'
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
  resultText,
  tokensOf,
} from './conversation.ts'
import { ToolNotWrappableError } from './errors.ts'

export { MissingPeerError } from '../core/peer.ts'
export { ToolNotWrappableError } from './errors.ts'

const ENTRY = 'agenttwin/adapters/mastra'
const PACKAGES = ['@mastra/core', 'zod']
const mastra = await loadPeer(ENTRY, PACKAGES, '@mastra/core', () => import('@mastra/core/tools'))
// The supported zod: what `z.fromJSONSchema` (zod 4.2) needs; the frameworks accept it too.
const zod = requirePeerFunction(
  ENTRY,
  'zod',
  '^4.2.0',
  await loadPeer(ENTRY, PACKAGES, 'zod', () => import('zod')),
  'fromJSONSchema',
)

export interface MastraAdapterOptions extends AdapterOptions {
  /** The most model steps per case (Mastra's `maxSteps`). */
  maxSteps?: number
}

/** What a finished `generate()` gives, as far as the adapter reads it. */
interface MastraOutput {
  text: string
  toolCalls?: Array<{ payload?: { toolName: string; args?: unknown } }>
  totalUsage?: { inputTokens?: number; outputTokens?: number }
  usage?: { inputTokens?: number; outputTokens?: number }
}

/** A Mastra tool as `createTool` makes it. */
export type MastraTool = ReturnType<typeof mastra.createTool>

/**
 * Turns a Mastra `Agent` into an AgentTwin agent: each case calls its
 * `generate()` with the conversation so far (one user message for a one-turn
 * case) and the case's abort signal. The reply is the final text, the tool
 * calls are kept as the agent's claim, the tokens are Mastra's total usage.
 * @example
 * const agent = fromMastra(new Agent({ name: 'support', instructions, model, tools }), { version: '0.9.0' })
 */
export function fromMastra(agent: MastraAgent, options: MastraAdapterOptions): Agent {
  const name = options.name ?? agent.name
  const label = `${name}@${options.version}`
  return {
    name,
    version: options.version,
    async run(input, context: AgentContext) {
      const messages = conversationOf(input, context, label).map((message) =>
        message.role === 'user'
          ? { role: 'user' as const, content: message.content }
          : { role: 'assistant' as const, content: message.content },
      )
      const output = (await agent.generate(messages, {
        abortSignal: context.signal,
        ...(options.maxSteps !== undefined && { maxSteps: options.maxSteps }),
      })) as unknown as MastraOutput
      const toolCalls: AgentToolCall[] = (output.toolCalls ?? []).flatMap((call) =>
        call.payload
          ? [
              {
                tool: call.payload.toolName,
                args: (call.payload.args ?? {}) as Record<string, unknown>,
              },
            ]
          : [],
      )
      const usage = output.totalUsage ?? output.usage
      return adaptedResult(
        output.text,
        toolCalls,
        tokensOf(usage?.inputTokens, usage?.outputTokens),
      )
    },
  }
}

/**
 * A twin's tools as Mastra tools (`createTool` with the twin's description and
 * its input schema as a zod schema), keyed by name, whose `execute` calls the
 * twin in-process: recorded like an HTTP call, a failure thrown so Mastra
 * hands the model the tool's error.
 * @example
 * const agent = new Agent({ name: 'support', instructions, model, tools: mastraTools(shop) })
 */
export function mastraTools(
  source: TwinSource,
  options: TwinToolsOptions = {},
): Record<string, MastraTool> {
  const built: Record<string, MastraTool> = {}
  for (const spec of twinToolSpecs(source, options)) {
    built[spec.name] = mastra.createTool({
      id: spec.name,
      description: spec.description,
      // biome-ignore lint/suspicious/noExplicitAny: the twin's JSON Schema, checked by the twin on every call.
      inputSchema: zod.fromJSONSchema(spec.inputSchema as any),
      execute: async (
        { context }: { context: unknown },
        invocation?: { abortSignal?: AbortSignal },
      ) =>
        resultText(
          await spec.call(
            context,
            invocation?.abortSignal ? { signal: invocation.abortSignal } : {},
          ),
        ),
    })
  }
  return built
}

/** A tool's `execute` as Mastra calls it: the invocation, then the run's options. */
type MastraExecute = (invocation: unknown, options?: { abortSignal?: AbortSignal }) => unknown

/**
 * Your own Mastra tools (`createTool`, keyed by name as the agent takes them),
 * pointed at a twin: each keeps its id, description, schemas and Mastra's
 * input check, and while a test runs the checked input goes to the twin tool
 * of the same key (or as `names` maps it) in-process, recorded like an HTTP
 * call, a failure thrown as a tool error; in production your `execute` runs.
 * A name the twin lacks throws `UnknownToolError` here.
 * @example
 * const agent = new Agent({ name: 'support', instructions, model, tools: twinnedMastraTools(shop, { lookup_order }) })
 */
export function twinnedMastraTools<TOOLS extends Record<string, MastraTool>>(
  source: TwinSource,
  own: TOOLS,
  options: TwinnedToolsOptions = {},
): TOOLS {
  // A twin file named by URL or path is read once, not once a tool.
  const twinSource = resolveTwinSource(source)
  const wrapped: Record<string, MastraTool> = {}
  for (const [key, original] of Object.entries(own)) {
    const real = original.execute as MastraExecute | undefined
    if (!real) throw new ToolNotWrappableError(key, 'it has no execute function')
    const route = twinRoute(twinSource, key, options)
    // Mastra checks the input against your schema before this runs, for the twin as for your code.
    const twin = mastra.createTool({
      id: original.id,
      description: original.description,
      inputSchema: original.inputSchema,
      execute: async (
        { context }: { context: unknown },
        invocation?: { abortSignal?: AbortSignal },
      ) =>
        resultText(
          await route.spec.call(
            context,
            invocation?.abortSignal ? { signal: invocation.abortSignal } : {},
          ),
        ),
    })
    const execute: MastraExecute = (invocation, runOptions) =>
      route.answersHere()
        ? (twin.execute as MastraExecute)(invocation, runOptions)
        : real.call(original, invocation, runOptions)
    wrapped[key] = Object.assign(Object.create(Object.getPrototypeOf(original)), original, {
      execute,
    })
  }
  return wrapped as TOOLS
}
