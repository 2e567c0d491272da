import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CallRecord } from '../../core/call-record.ts'
import type { JsonObject } from '../../core/json.ts'
import { resourceLimit } from '../../core/limits.ts'
import { createFaultPolicy, type FaultPolicy, type FaultRuleInput } from '../../faults/index.ts'
import type { TwinDocument } from '../../schema/twin-document.ts'
import { createTwin } from '../../twin/index.ts'
import type { Twin } from '../../twin/types.ts'
import { describeRoutes, ownsUrl, type TwinRoutes, twinRoutes } from '../routes.ts'
import { answerSurfaces, type TwinSurface } from '../surfaces.ts'
import { answerTwinRequest, type RoutedTwin } from '../twin-handlers.ts'
import { admit, bodyTooLarge, type InspectionAccess, type Refusal } from './admission.ts'
import { ServeTwinOptionsError, TwinServerListenError } from './errors.ts'
import { answerInspection, INSPECTION_PATH, isInspectionPath } from './inspection.ts'
import { BodyTooLargeError, toWebRequest } from './node-request.ts'
import { sendWebResponse } from './node-response.ts'

export interface ServeTwinOptions {
  /** Default 0: a free port the system picks (read it from `url`). */
  port?: number
  /** Default `127.0.0.1`: this machine only. */
  host?: string
  /** Deep-merged over the document's fixtures, as a scenario's `state` is. Documents only. */
  state?: JsonObject
  /** Fault rules, as a scenario's `faults`; their counters restart on `reset()`. */
  faults?: readonly FaultRuleInput[]
  /** Seed of the fault rules' probability draws. Default 0. */
  seed?: number
  /** Called with each call's record as soon as the twin made it. */
  onCall?(record: CallRecord): void
  /** Called when the twin failed on a request instead of answering (the client got a 500). */
  onError?(error: unknown, request: { method: string; url: string }): void
  /** Larger request bodies get 413 and are never read into memory. Default 1 MiB. */
  maxBodyBytes?: number
  /**
   * The token the inspection endpoints require (`Authorization: Bearer …`).
   * Default: a random one per server, read it from `inspectionToken`; `false`
   * switches the check off for local scripts.
   */
  inspectionToken?: string | false
  /** More `Host` names (with port) under which inspection may be reached, e.g. a container's name. */
  allowedHosts?: readonly string[]
  /** A client must send its request headers within this time. Default 10 s. */
  headersTimeoutMs?: number
  /** A client must send its whole request within this time. Default 30 s. */
  requestTimeoutMs?: number
  /** Other protocols served under the base URL before the tool routes (e.g. MCP). */
  surfaces?: readonly TwinSurface[]
}

/** A twin answering on a real port. */
export interface ServedTwin {
  /** Where the tools live: the twin's base path on this server, e.g. `http://127.0.0.1:43121/api`. */
  readonly url: string
  /** The twin answering now; `reset()` replaces it. */
  readonly twin: Twin
  /** Every tool as `METHOD URL` on this server. */
  readonly tools: Array<{ tool: string; method: string; url: string }>
  /** The token the inspection endpoints require; undefined when switched off. */
  readonly inspectionToken: string | undefined
  /** The current twin's records. */
  records(): CallRecord[]
  /** The current twin's state. */
  state(): JsonObject
  /** Starts over: a fresh twin (initial state, no records, fault counters from zero). */
  reset(): void
  /** Stops listening; requests still held are reset. Safe to call twice. */
  close(): Promise<void>
}

function isTwin(value: Twin | TwinDocument): value is Twin {
  return typeof (value as Twin).call === 'function'
}

/** The URL host for a listening address: wildcard addresses are reached on loopback. */
function urlHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

/** Every `Host` header value that names this server: the address, loopback names, and the allowed ones. */
function hostNames(host: string, port: number, allowed: readonly string[] = []): Set<string> {
  const names = new Set([`${urlHost(host)}:${port}`, ...allowed.map((name) => name.toLowerCase())])
  const loopback = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host)
  if (loopback) for (const name of ['127.0.0.1', 'localhost', '[::1]']) names.add(`${name}:${port}`)
  return names
}

function refuse(outgoing: ServerResponse, refusal: Refusal): void {
  outgoing.sendDate = false
  // The connection closes: a body the server did not read must not be taken for the next request.
  outgoing.writeHead(refusal.status, {
    'content-type': 'application/json',
    connection: 'close',
    ...refusal.headers,
  })
  outgoing.end(JSON.stringify(refusal.body))
}

/** Builds the twin of each (re)start from the same definition, state and rules. */
function twinMaker(source: Twin | TwinDocument, options: ServeTwinOptions): () => Twin {
  const definition = isTwin(source) ? source.definition : source
  const toolNames = definition.tools.map((tool) => tool.name)
  const rules = options.faults ?? []
  const policy = (): FaultPolicy | undefined =>
    rules.length > 0
      ? createFaultPolicy(rules, {
          seed: options.seed ?? 0,
          toolNames,
          twinName: definition.metadata.name,
        })
      : undefined
  policy() // checks the rules now, not at the first call
  if (!isTwin(source)) {
    return () => createTwin(source, { stateOverrides: options.state, faults: policy() })
  }
  if (options.state) {
    throw new ServeTwinOptionsError(
      '`state` only applies when serving a twin document; this twin is already running',
      'pass the document with `state`, or create the twin with `stateOverrides` yourself',
    )
  }
  const initial = source.initialState()
  let given: Twin | undefined = source
  return () => {
    if (given) {
      const twin = given
      given = undefined
      if (rules.length > 0) twin.setFaults(policy())
      return twin
    }
    return createTwin(definition, { stateOverrides: initial, faults: policy() })
  }
}

/** The twin as the router sees it: every call is also reported to `onCall`. */
function observed(twin: Twin, onCall: ServeTwinOptions['onCall']): Twin {
  if (!onCall) return twin
  return new Proxy(twin, {
    get(target, key) {
      if (key === 'call') {
        return (call: Parameters<Twin['call']>[0]) => {
          const outcome = target.call(call)
          onCall(outcome.record)
          return outcome
        }
      }
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function outsideBasePath(request: Request, surface: TwinRoutes): Response {
  return Response.json(
    {
      error: 'unknown_tool_route',
      message: `No tool of twin "${surface.twin}" answers ${request.method} ${request.url}.`,
      fix: `Call one of the tools listed in "tools", with its method and URL; inspect the twin at ${INSPECTION_PATH}.`,
      tools: describeRoutes(surface),
    },
    { status: 404 },
  )
}

function listen(
  server: ReturnType<typeof createServer>,
  port: number,
  host: string,
): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve(server.address() as AddressInfo)
    })
  })
}

/**
 * Serves a twin over real HTTP, for agents in other processes or languages.
 * Each request is answered by the same code as the msw path (routing,
 * argument reading, recording, caller-view rendering); faults reach the
 * client for real: a connection-error view resets the TCP connection, a
 * truncated body announces a longer Content-Length and closes early, a
 * no-response view holds the request until the client gives up.
 *
 * Inspection, never recorded: `GET /__agenttwin/records`,
 * `GET /__agenttwin/state`, `POST /__agenttwin/reset`, `GET /__agenttwin`.
 *
 * @example
 * const served = await serveTwin(await loadTwin('twins/shop.twin.yaml'), { faults: [fault('server_error').on('refund_payment')] })
 * // point the agent at served.url, e.g. AGENT_TOOLS_URL=${served.url} python agent.py
 * served.records() // what the twin saw
 * await served.close()
 */
export async function serveTwin(
  source: Twin | TwinDocument,
  options: ServeTwinOptions = {},
): Promise<ServedTwin> {
  const makeTwin = twinMaker(source, options)
  const owned = !isTwin(source)
  let twin = makeTwin()
  const host = options.host ?? '127.0.0.1'
  const lifetime = new AbortController()
  const maxBodyBytes = options.maxBodyBytes ?? resourceLimit('requestBodyBytes')
  const headersTimeout = options.headersTimeoutMs ?? 10_000
  const requestTimeout = options.requestTimeoutMs ?? 30_000
  const server = createServer(
    {
      // A slow or silent client is cut off instead of holding a socket for minutes.
      headersTimeout,
      requestTimeout,
      // Node checks both timeouts only this often (30 s by default): often
      // enough that a timeout holds to within a tenth of it (at most 1 s).
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1_000, Math.floor(Math.min(headersTimeout, requestTimeout) / 10)),
      ),
    },
    (incoming, outgoing) => {
      void handle(incoming, outgoing)
    },
  )
  let address: AddressInfo
  try {
    address = await listen(server, options.port ?? 0, host)
  } catch (error) {
    if (owned) twin.dispose()
    throw new TwinServerListenError(
      twin.name,
      host,
      options.port ?? 0,
      error as NodeJS.ErrnoException,
    )
  }
  const origin = `http://${urlHost(host)}:${address.port}`
  const access: InspectionAccess = {
    hosts: hostNames(host, address.port, options.allowedHosts),
    origin,
    token:
      options.inspectionToken === false
        ? undefined
        : (options.inspectionToken ?? randomBytes(16).toString('hex')),
  }
  const basePath = new URL(twin.baseUrl).pathname.replace(/\/+$/, '')
  const url = `${origin}${basePath}`
  const surface = twinRoutes({ name: twin.name, baseUrl: url, tools: twin.tools })
  let routed: RoutedTwin = { twin: observed(twin, options.onCall), surface }
  const tools = describeRoutes(surface)

  function reset(): void {
    const previous = twin
    twin = makeTwin()
    routed = { twin: observed(twin, options.onCall), surface }
    if (owned || previous !== source) previous.dispose()
  }

  const target = { current: () => twin, url, tools, reset }

  async function answer(request: Request): Promise<Response> {
    const requestUrl = new URL(request.url)
    if (isInspectionPath(requestUrl.pathname)) return answerInspection(request, target)
    if (!ownsUrl(surface, requestUrl)) return outsideBasePath(request, surface)
    const other = answerSurfaces(routed.twin, request, lifetime.signal, options.surfaces)
    if (other) return other
    return answerTwinRequest(routed, request, lifetime.signal)
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    // No Date header: the twin's answers stay the same byte for byte.
    outgoing.sendDate = false
    const seen = { method: incoming.method ?? 'GET', url: `${origin}${incoming.url ?? '/'}` }
    const refused = admit(incoming, access)
    if (refused) return refuse(outgoing, refused)
    try {
      const request = await toWebRequest(incoming, outgoing, origin, maxBodyBytes)
      await sendWebResponse(await answer(request), outgoing)
    } catch (error) {
      if (error instanceof BodyTooLargeError) return refuse(outgoing, bodyTooLarge(error.limit))
      options.onError?.(error, seen)
      if (outgoing.headersSent) {
        outgoing.destroy()
        return
      }
      const reason = error instanceof Error ? error.message : String(error)
      outgoing.writeHead(500, { 'content-type': 'application/json' })
      outgoing.end(
        JSON.stringify({
          error: 'twin_failed',
          message: `Twin "${twin.name}" failed on ${seen.method} ${seen.url} instead of answering: ${reason}`,
          fix: 'Follow the error; it points at the twin document, an adapter, or a twin closed before the request arrived. This call was not recorded.',
        }),
      )
    }
  }

  let closing: Promise<void> | undefined
  return {
    url,
    get twin() {
      return twin
    },
    tools,
    inspectionToken: access.token,
    records: () => twin.records(),
    state: () => twin.state(),
    reset,
    close() {
      closing ??= new Promise<void>((resolve) => {
        // Held and delayed answers end now, the way a server going away ends them: reset.
        lifetime.abort()
        server.close(() => {
          if (owned || twin !== source) twin.dispose()
          resolve()
        })
        server.closeIdleConnections()
        setImmediate(() => server.closeAllConnections())
      })
      return closing
    },
  }
}
