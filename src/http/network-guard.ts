import { isIPv4 } from 'node:net'
import { DEFAULT_SECRET_POLICY } from '../core/secret-policy.ts'
import { modelHostEgressAllows } from './egress.ts'
import {
  describeUnhandled,
  type RefusedClient,
  type UnhandledRequest,
  UnhandledRequestError,
} from './errors.ts'

/** Where a socket connects: a TCP host and port (with or without TLS), or a local IPC path. */
export type ConnectTarget =
  | { kind: 'tcp'; host: string; port: number; tls: boolean }
  | { kind: 'ipc'; path: string }

export interface SocketGuardOptions {
  /** Let this connection through. */
  allow(target: ConnectTarget): boolean
  /** Keeps a refusal; returns the error the socket (or raw handle's caller) fails with. */
  refuse(refusal: Refusal): Error
}

export interface NetworkGuardOptions {
  /** Let requests and connections to this machine through (127.0.0.0/8, ::1, localhost, local sockets). */
  allowLoopback: boolean
  /** Hosts (`api.example.com`, `api.example.com:8443`) the test may reach for real. Default none. */
  allowHosts?: readonly string[]
  /** The twins in use, as `name (baseUrl)`, named in every refusal. */
  twins(): string[]
  /** Set in a guarded worker: its name (`worker_threads worker #1 (agent.js)`), put in every refusal. */
  thread?: string
}

/** Traffic below HTTP, or HTTP that did not pass msw, that the guard refuses. */
export interface Refusal {
  client: RefusedClient
  /** `GET`, `POST`, ... when the caller's request is known. */
  method?: string | null
  /** The full URL, else `tcp://host:port`, `udp://host:port`, `dns://host`, `unix:<path>`. */
  url: string
  /** Why it was seen below msw, in a few words (`a socket opened before the guard`). */
  how: string
}

/**
 * Decides what happens to traffic no twin answers, and keeps the list. The
 * interception wires it in everywhere traffic can leave: msw's
 * `onUnhandledRequest`, the undici dispatcher, the socket, DNS, UDP and
 * worker guards.
 */
export interface NetworkGuard {
  readonly unhandled: readonly UnhandledRequest[]
  /**
   * For msw's `onUnhandledRequest`: returns to let an allowed host pass, else
   * throws the request's error. `after` names the case (or test) that had
   * already ended when the request was sent: the refusal then says so.
   */
  onUnhandledRequest(request: Request, client?: RefusedClient, after?: string): void
  /** Whether `host` (a name or address, optionally with `port`) may be reached for real. */
  allowsHost(host: string, port?: number): boolean
  allowConnection(target: ConnectTarget): boolean
  /** Keeps a refusal below HTTP and returns the error to fail the caller with (`after` as above). */
  refuse(refusal: Refusal, after?: string): UnhandledRequestError
  /** A connection the socket guard refused (kept for callers of the older API). */
  refuseConnection(target: ConnectTarget): Error
  /** Keeps a request a twin owned but failed on with an error, so the test cannot pass over it. */
  twinFailed(request: Request, twin: string, error: unknown): void
  /** Keeps a refusal another thread (a worker) already made and reported. */
  adopt(request: UnhandledRequest): void
  clear(): void
}

/** Whether a host name or address is this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true
  const v4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare
  return isIPv4(v4) && v4.startsWith('127.')
}

/** `tcp://host:port`, `tls://host:port` or `unix:<path>` for a connect target. */
export function targetUrl(target: ConnectTarget): string {
  if (target.kind === 'ipc') return `unix:${target.path}`
  const host = target.host.includes(':') ? `[${target.host}]` : target.host
  return `${target.tls ? 'tls' : 'tcp'}://${host}:${target.port}`
}

function twinsLine(twins: string[]): string {
  return `Twins in use: ${twins.length > 0 ? twins.join(', ') : 'none'}.`
}

/**
 * Whether a twin could answer a request to `url`: twins serve http(s) only,
 * never a DNS query, a WebSocket or a raw socket.
 * @example
 * servableByTwin('dns://telemetry.example.com') // false
 */
export function servableByTwin(url: string): boolean {
  return /^https?:\/\//.test(url)
}

/**
 * What to do, the same ways out in every refusal; from a worker, first why it
 * is refused. Serving by a twin is offered only where a twin can answer: an
 * http(s) origin, not a DNS query, a WebSocket or a raw socket.
 */
function fixLine(origin: string, thread: string | undefined): string {
  const served = servableByTwin(origin)
  const ways = [
    ...(served ? [`serve ${origin} with a twin (a twin whose http.baseUrl covers it)`] : []),
    `allow the host (agentTwin({ network: { allowHosts: ['${origin.replace(/^\w+:(\/\/)?/, '')}'] } }) or createInterception({ allowHosts }); allowLoopback for a server the test started itself)`,
    'or stop the code under test from calling it',
  ]
  const outOfProcess =
    'An agent in another process is not covered by this guard: run it against serveTwin() or `agenttwin serve`.'
  if (!thread) return `Fix: ${ways.join(', ')}. ${outOfProcess}`
  return (
    `Twins answer only on the thread that runs the test, so a request from ${thread} is refused, never served.\n` +
    "Fix: make the call on the test's thread, or serve the twin over HTTP with serveTwin() and let the worker reach it (allowLoopback). " +
    `Otherwise ${ways.join(', ')}. ${outOfProcess}`
  )
}

/** The refusal of a request sent after its case ended: what happened and the one fix. */
function lateText(described: string, after: string): string {
  return (
    `AgentTwin refused ${described} was sent after ${after} ended: did the agent await it? ` +
    'Twins answer a case only while it runs, so the request was never answered and the case is not finished.\n' +
    'Fix: await every request the agent starts before it returns its result (or abort it with the signal it is given), so the request is part of the case.'
  )
}

function bare(host: string): string {
  return host.replace(/^\[|\]$/g, '').toLowerCase()
}

/**
 * @example
 * const guard = createNetworkGuard({ allowLoopback: false, twins: () => ['shop (https://shop.test)'] })
 * server.listen({ onUnhandledRequest: (request) => guard.onUnhandledRequest(request) })
 */
export function createNetworkGuard(options: NetworkGuardOptions): NetworkGuard {
  const unhandled: UnhandledRequest[] = []
  const allowed = (options.allowHosts ?? []).map((entry) => entry.toLowerCase())
  const fromThread = options.thread ? ` from ${options.thread}` : ''

  function block(request: UnhandledRequest): UnhandledRequestError {
    // The refusal is shown and kept: a credential in its URL is masked first.
    const shown = {
      ...request,
      url: DEFAULT_SECRET_POLICY.text(request.url),
      message: DEFAULT_SECRET_POLICY.text(request.message),
    }
    unhandled.push(shown)
    return new UnhandledRequestError(shown)
  }

  function allowsHost(host: string, port?: number): boolean {
    const name = bare(host)
    if (options.allowLoopback && isLoopbackHost(name)) return true
    if (modelHostEgressAllows(name)) return true
    return allowed.some(
      (entry) => entry === name || (port !== undefined && entry === `${name}:${port}`),
    )
  }

  function refuse(refusal: Refusal, after?: string): UnhandledRequestError {
    const request: UnhandledRequest = {
      method: refusal.method ?? null,
      url: refusal.url,
      layer: 'socket',
      client: refusal.client,
      message: '',
    }
    let origin = refusal.url
    try {
      const parsed = new URL(refusal.url)
      origin = parsed.host ? `${parsed.protocol}//${parsed.host}` : refusal.url
    } catch {}
    if (after !== undefined) {
      request.after = after
      request.message = lateText(`${describeUnhandled(request)}${fromThread}`, after)
      return block(request)
    }
    request.message =
      `AgentTwin blocked ${describeUnhandled(request)}${fromThread}: ${refusal.how}; no twin answers it, and tests never reach the real network.\n` +
      `${twinsLine(options.twins())}\n${fixLine(origin, options.thread)}`
    return block(request)
  }

  return {
    get unhandled() {
      return unhandled
    },
    onUnhandledRequest(request, client, after) {
      const url = new URL(request.url)
      if (allowsHost(url.hostname, Number(url.port) || undefined)) return
      const described: UnhandledRequest = {
        method: request.method,
        url: request.url,
        layer: 'http',
        ...(client ? { client } : {}),
        message: '',
      }
      if (after !== undefined) {
        described.after = after
        described.message = lateText(`${describeUnhandled(described)}${fromThread}`, after)
        throw block(described)
      }
      described.message =
        `AgentTwin blocked ${describeUnhandled(described)}${fromThread}: no twin answers it, and tests never reach the real network.\n` +
        `${twinsLine(options.twins())}\n${fixLine(url.origin, options.thread)}`
      throw block(described)
    },
    allowsHost,
    allowConnection(target) {
      if (target.kind === 'ipc') return options.allowLoopback
      return allowsHost(target.host, target.port)
    },
    refuse,
    refuseConnection(target) {
      return refuse({
        client: 'socket',
        url: targetUrl(target),
        how: 'a connection that bypassed HTTP interception (an http.request captured before the guard started, or a raw net / tls socket)',
      })
    },
    twinFailed(request, twin, error) {
      const reason = error instanceof Error ? error.message : String(error)
      block({
        method: request.method,
        url: request.url,
        layer: 'twin',
        message:
          `Twin "${twin}" failed on ${request.method} ${request.url} instead of answering: ${reason}\n` +
          'The caller got a 500 that the twin did not record.\n' +
          'Fix: follow the error above; it points at the twin document, an adapter, or a twin disposed before the request arrived.',
      })
    },
    adopt(request) {
      unhandled.push(request)
    },
    clear() {
      unhandled.length = 0
    },
  }
}
