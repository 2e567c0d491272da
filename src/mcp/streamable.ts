import type { RequestId } from '@modelcontextprotocol/sdk/types.js'
import { encodeView } from '../http/encode-view.ts'
import type { TwinSurface } from '../http/surfaces.ts'
import type { Twin } from '../twin/types.ts'
import { FaultGate, type HeldResponse } from './fault-gate.ts'
import { WebStandardStreamableHTTPServerTransport } from './sdk.ts'
import { createTwinServer } from './server.ts'

/** Where a twin answers MCP under its base URL unless told otherwise. */
export const DEFAULT_MCP_PATH = '/mcp'

interface Session {
  transport: WebStandardStreamableHTTPServerTransport
  current: { twin: Twin }
  waiting: Map<RequestId, (held: HeldResponse) => void>
  close(): Promise<void>
}

/** A Streamable HTTP endpoint as a twin surface, with the sessions it opened. */
export interface McpSurface {
  surface: TwinSurface
  /** Ends every session. Safe twice. */
  close(): Promise<void>
}

const jsonRpcError = (status: number, code: number, message: string) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status })

/** The path of the endpoint for a twin: its base path plus `path`. */
export function mcpPathOf(twin: Pick<Twin, 'baseUrl'>, path = DEFAULT_MCP_PATH): string {
  return `${new URL(twin.baseUrl).pathname.replace(/\/+$/, '')}${path}`
}

/** How a held response reaches an HTTP client: a cut body, a reset, or a body that is not JSON-RPC. */
function renderHeld(held: HeldResponse, request: Request): Promise<Response> {
  const headers = { 'content-type': 'application/json' }
  if (held.kind === 'connection-lost') {
    return encodeView({ kind: 'connection-error', code: 'ECONNRESET' }, { request, tool: 'mcp' })
  }
  if (held.kind === 'invalid-jsonrpc') {
    return Promise.resolve(new Response(held.text, { status: 200, headers }))
  }
  const full = JSON.stringify(held.message)
  const body = full.slice(0, Math.floor(full.length / 2))
  const view = {
    kind: 'response' as const,
    status: 200,
    headers,
    body,
    declaredLength: full.length,
  }
  return encodeView(view, { request, tool: 'mcp' })
}

/** Resolves when the caller gives up or the owner goes away; `stop()` removes the listeners. */
function whenGone(request: Request, lifetime: AbortSignal | undefined) {
  const signals = [request.signal, lifetime].filter((s): s is AbortSignal => s !== undefined)
  let stop = () => {}
  const gone = new Promise<'gone'>((resolve) => {
    const end = () => resolve('gone')
    if (signals.some((s) => s.aborted)) return end()
    for (const s of signals) s.addEventListener('abort', end, { once: true })
    stop = () => {
      for (const s of signals) s.removeEventListener('abort', end)
    }
  })
  return { gone, stop: () => stop() }
}

/**
 * MCP over Streamable HTTP (the official SDK's web-standard server transport,
 * JSON responses, one session per client with ids counted, never random) as
 * a surface of a twin, at `<base path><path>`.
 *
 * @example
 * const mcp = mcpSurface()
 * const served = await serveTwin(document, { surfaces: [mcp.surface] })
 */
export function mcpSurface(options: { path?: string } = {}): McpSurface {
  const sessions = new Map<string, Session>()
  const open = new Set<Session>()
  let count = 0

  async function startSession(twin: Twin, lifetime: AbortSignal | undefined): Promise<Session> {
    const prefix = twin.name
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => `${prefix}-session-${++count}`,
      enableJsonResponse: true,
      onsessioninitialized: (id) => {
        sessions.set(id, session)
      },
    })
    const waiting = new Map<RequestId, (held: HeldResponse) => void>()
    const gate = new FaultGate(transport, (held) => {
      const id = 'id' in held.message ? held.message.id : undefined
      if (id !== undefined) waiting.get(id)?.(held)
    })
    const current = { twin }
    const server = createTwinServer({ twin: () => current.twin, gate, lifetime })
    const session: Session = {
      transport,
      current,
      waiting,
      close: () => server.close(),
    }
    transport.onclose = () => {
      open.delete(session)
      if (transport.sessionId) sessions.delete(transport.sessionId)
    }
    open.add(session)
    await server.connect(gate)
    return session
  }

  async function answer(request: Request, twin: Twin, lifetime?: AbortSignal): Promise<Response> {
    // No standalone event stream: the twin never calls the client (the spec allows 405).
    if (request.method === 'GET')
      return new Response(null, { status: 405, headers: { allow: 'POST, DELETE' } })
    const id = request.headers.get('mcp-session-id')
    let session = id === null ? undefined : sessions.get(id)
    if (id !== null && !session) {
      return jsonRpcError(404, -32001, `Session "${id}" not found; initialize a new session.`)
    }
    session ??= await startSession(twin, lifetime)
    session.current.twin = twin
    if (request.method !== 'POST') return session.transport.handleRequest(request)
    let body: unknown
    try {
      body = await request.clone().json()
    } catch {
      return jsonRpcError(400, -32700, 'Parse error: the body is not JSON.')
    }
    const requestId =
      (body as { id?: RequestId; method?: unknown })?.method !== undefined
        ? (body as { id?: RequestId }).id
        : undefined
    let held: (value: HeldResponse) => void = () => {}
    const heldBack = new Promise<HeldResponse>((resolve) => {
      held = resolve
    })
    if (requestId !== undefined) session.waiting.set(requestId, held)
    const caller = whenGone(request, lifetime)
    try {
      const first = await Promise.race([
        session.transport.handleRequest(request, { parsedBody: body }),
        heldBack,
        caller.gone,
      ])
      if (first === 'gone') return Response.error()
      if (first instanceof Response) return first
      return renderHeld(first, request)
    } finally {
      caller.stop()
      if (requestId !== undefined) session.waiting.delete(requestId)
    }
  }

  const path = options.path ?? DEFAULT_MCP_PATH
  return {
    surface(request, twin, lifetime) {
      if (new URL(request.url).pathname !== mcpPathOf(twin, path)) return undefined
      return answer(request, twin, lifetime)
    },
    async close() {
      const all = [...open]
      open.clear()
      sessions.clear()
      await Promise.all(all.map((session) => session.close()))
    },
  }
}
