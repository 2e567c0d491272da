/** A twin's tools as plain async functions, for agents whose tools are functions. */

import { fileURLToPath } from 'node:url'
import { InvalidDocumentError } from '../core/errors.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { contextTwins, testNetworkActive } from '../http/context-twins.ts'
import { loadTwinSync } from '../schema/parse-twin.ts'
import type { ToolDefinition, TwinDocument } from '../schema/twin-document.ts'
import { UnknownToolError } from '../twin/errors.ts'
import type { Twin } from '../twin/types.ts'
import { callTwinTool, type ToolCallOptions } from './call-tool.ts'
import { NoTwinInContextError } from './errors.ts'

/**
 * Where in-process tools find their twin: a live twin (every call goes to it),
 * or a twin document: each call goes to the twin of that name that serves the
 * running case, found as an HTTP request from the same place would find it,
 * so tools built once serve every case with its own fresh twin. The document
 * can be given as loaded (`loadTwinSync(...)`), or as the twin file's `file:`
 * URL (`new URL('./twins/shop.twin.yaml', import.meta.url)`) or path (absolute,
 * or relative to the working directory): read and checked once, when the tools
 * are built, so an agent module needs nothing from the main entry.
 */
export type TwinSource = Twin | TwinDocument | string | URL

/** A twin or document as given; a twin file named by URL or path read and checked now. */
export function resolveTwinSource(source: TwinSource): Twin | TwinDocument {
  if (source instanceof URL) return loadTwinSync(twinFilePath(source))
  return typeof source === 'string' ? loadTwinSync(source) : source
}

function twinFilePath(url: URL): string {
  if (url.protocol === 'file:') return fileURLToPath(url)
  throw new InvalidDocumentError([
    {
      file: url.href,
      line: 1,
      column: 1,
      path: '',
      message: `a twin is read from a file, and ${url.protocol} is not a file URL`,
      fix: "name the twin file by its file: URL (new URL('./twins/shop.twin.yaml', import.meta.url)) or its path",
    },
  ])
}

/** Which tools to build. */
export interface TwinToolsOptions {
  /** Only these tools (default: every tool of the twin). An unknown name throws `UnknownToolError`. */
  only?: readonly string[]
}

/** One twin tool, ready to become a framework's tool object. */
export interface TwinToolSpec {
  name: string
  /** As the twin declares it (a live twin: as a `tool-description` injection rewrote it). */
  description: string
  /** The JSON Schema of the arguments: an object schema. */
  inputSchema: JsonObject
  /** Calls the tool in-process (see `callTwinTool`). */
  call(args: unknown, options?: ToolCallOptions): Promise<JsonValue>
}

/** An in-process twin tool as a plain async function. */
export type TwinToolFunction = (args: unknown, options?: ToolCallOptions) => Promise<JsonValue>

function isLiveTwin(source: Twin | TwinDocument): source is Twin {
  return typeof (source as Partial<Twin>).call === 'function'
}

function twinName(source: Twin | TwinDocument): string {
  return isLiveTwin(source) ? source.name : source.metadata.name
}

/** The twin a call goes to: the live one given, or the one of that name serving this context. */
function twinFor(source: Twin | TwinDocument, tool: string): Twin {
  if (isLiveTwin(source)) return source
  const name = source.metadata.name
  const serving = contextTwins()
  const twin = serving.find((candidate) => candidate.name === name)
  if (!twin) {
    throw new NoTwinInContextError(name, tool, [...new Set(serving.map((t) => t.name))])
  }
  return twin
}

/**
 * The twin's tools as specs (name, description, input schema, an in-process
 * call), the common ground of every framework's tool builder.
 * @example
 * for (const spec of twinToolSpecs(twin)) console.log(spec.name, spec.inputSchema)
 */
export function twinToolSpecs(source: TwinSource, options: TwinToolsOptions = {}): TwinToolSpec[] {
  const twin = resolveTwinSource(source)
  const tools: readonly ToolDefinition[] = twin.tools
  const only = options.only
  if (only) {
    const known = tools.map((tool) => tool.name)
    const unknown = only.find((name) => !known.includes(name))
    if (unknown !== undefined) throw new UnknownToolError(unknown, twinName(twin), known)
  }
  return tools
    .filter((tool) => !only || only.includes(tool.name))
    .map((tool) => ({
      name: tool.name,
      description: tool.description,
      // Frameworks want an object schema at the top; twin.v1 inputs are objects already.
      inputSchema: { type: 'object', ...tool.input },
      // Async throughout, so a missing twin rejects like every other failure of the call.
      call: async (args, callOptions) =>
        callTwinTool(twinFor(twin, tool.name), tool.name, args, callOptions),
    }))
}

/**
 * A twin's tools as plain async functions by name, for an agent whose tools
 * are functions (a database call, an SDK client): each call goes through the
 * twin exactly as an HTTP call does and is recorded with `transport: 'in-process'`.
 * A 2xx answer is returned; a failure the caller is shown throws `TwinToolError`.
 * @example
 * const tools = twinTools(twin, { only: ['lookup_order', 'refund_payment'] })
 * const order = await tools.lookup_order({ order_id: 'ORD-1001' })
 */
export function twinTools(
  source: TwinSource,
  options: TwinToolsOptions = {},
): Record<string, TwinToolFunction> {
  return Object.fromEntries(twinToolSpecs(source, options).map((spec) => [spec.name, spec.call]))
}

/** Which twin tool each of your tools stands for, when the names differ. */
export interface TwinnedToolsOptions {
  /** Your tool's name (or key) → the twin's tool name. Default: the same name. */
  names?: Readonly<Record<string, string>>
}

/** Where one wrapped tool's calls go: to the twin, or to your own code. */
export interface TwinRoute {
  /** The twin tool that answers in a test. */
  spec: TwinToolSpec
  /**
   * Whether the twin answers this call: always for a live twin; for a twin
   * document, whenever AgentTwin's test network is active (a test run), so a
   * test never reaches the real system.
   */
  answersHere(): boolean
}

/**
 * The route for one of your own tools: the twin tool it stands for (its own
 * name unless `names` maps it) and when the twin answers. An unknown name
 * throws `UnknownToolError` when the tool is wrapped, not when it is called.
 * @example
 * const route = twinRoute(shop, 'getOrder', { names: { getOrder: 'lookup_order' } })
 */
export function twinRoute(
  source: TwinSource,
  tool: string,
  options: TwinnedToolsOptions = {},
): TwinRoute {
  const name = options.names?.[tool] ?? tool
  const twin = resolveTwinSource(source)
  const [spec] = twinToolSpecs(twin, { only: [name] })
  const live = isLiveTwin(twin)
  return { spec: spec!, answersHere: () => live || testNetworkActive() }
}

/**
 * Your own tool function, answered by the twin while a case runs: inside a
 * case (or a `useTwin` block) that serves a twin of the document's name, the
 * call goes to that twin's tool `tool`; anywhere else (production) your
 * function runs. While AgentTwin's test network is active and no such twin
 * serves the call, it throws `NoTwinInContextError` instead of reaching the real
 * system from a test. Given a live twin, every call goes to that twin.
 * @example
 * export const refundPayment = twinned(shop, 'refund_payment', realRefundPayment)
 */
export function twinned<Args, Result>(
  source: TwinSource,
  tool: string,
  real: (args: Args) => Promise<Result>,
): (args: Args, options?: ToolCallOptions) => Promise<Result> {
  const route = twinRoute(source, tool)
  // In a test the twin's answer stands in for the real one: the same shape, as JSON.
  return (args, options) =>
    route.answersHere() ? (route.spec.call(args, options) as Promise<Result>) : real(args)
}
