import { isIPv4 } from 'node:net'
import { modelHostEgressAllows } from './egress.ts'
import { type UnhandledRequest, UnhandledRequestError } from './errors.ts'
import type { ConnectTarget } from './socket-guard.ts'

export interface NetworkGuardOptions {
  /** Let requests and connections to this machine through (127.0.0.0/8, ::1, localhost, local sockets). */
  allowLoopback: boolean
  /** The twins in use, as `name (baseUrl)`, named in every refusal. */
  twins(): string[]
}

/**
 * Decides what happens to traffic no twin answers, and keeps the list. The
 * interception wires it in twice: as msw's `onUnhandledRequest` (requests it
 * saw) and as the socket guard (connections that bypassed msw).
 */
export interface NetworkGuard {
  readonly unhandled: readonly UnhandledRequest[]
  /** For msw's `onUnhandledRequest`: returns to let loopback pass, else throws the request's error. */
  onUnhandledRequest(request: Request): void
  allowConnection(target: ConnectTarget): boolean
  refuseConnection(target: ConnectTarget): Error
  /** Keeps a request a twin owned but failed on with an error, so the test cannot pass over it. */
  twinFailed(request: Request, twin: string, error: unknown): void
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

function targetUrl(target: ConnectTarget): string {
  if (target.kind === 'ipc') return `unix:${target.path}`
  const host = target.host.includes(':') ? `[${target.host}]` : target.host
  return `${target.tls ? 'tls' : 'tcp'}://${host}:${target.port}`
}

const LOOPBACK_FIX =
  'For a server the test started itself on this machine, create the interception with { allowLoopback: true }.'

function twinsLine(twins: string[]): string {
  return `Twins in use: ${twins.length > 0 ? twins.join(', ') : 'none'}.`
}

/**
 * @example
 * const guard = createNetworkGuard({ allowLoopback: false, twins: () => ['shop (https://shop.test)'] })
 * server.listen({ onUnhandledRequest: (request) => guard.onUnhandledRequest(request) })
 */
export function createNetworkGuard(options: NetworkGuardOptions): NetworkGuard {
  const unhandled: UnhandledRequest[] = []

  function block(request: UnhandledRequest): UnhandledRequestError {
    unhandled.push(request)
    return new UnhandledRequestError(request)
  }

  return {
    get unhandled() {
      return unhandled
    },
    onUnhandledRequest(request) {
      const url = new URL(request.url)
      if (options.allowLoopback && isLoopbackHost(url.hostname)) return
      const where = `${request.method} ${request.url}`
      throw block({
        method: request.method,
        url: request.url,
        layer: 'http',
        message:
          `AgentTwin blocked ${where}: no twin answers it, and tests never reach the real network.\n` +
          `${twinsLine(options.twins())}\n` +
          `Fix: add a twin whose http.baseUrl covers ${url.origin} (interception.use(twin)), or stop the code under test from calling it. ${LOOPBACK_FIX}`,
      })
    },
    allowConnection(target) {
      // A live call forwarded to a configured model host, nothing else (see egress.ts).
      if (target.kind === 'tcp' && modelHostEgressAllows(target.host)) return true
      if (!options.allowLoopback) return false
      return target.kind === 'ipc' || isLoopbackHost(target.host)
    },
    refuseConnection(target) {
      const url = targetUrl(target)
      return block({
        method: null,
        url,
        layer: 'socket',
        message:
          `AgentTwin blocked a connection to ${url}: it bypassed HTTP interception (a fetch or http.request captured before the interception started, the undici package, or a raw socket), so no twin could answer it, and tests never reach the real network.\n` +
          `${twinsLine(options.twins())}\n` +
          `Fix: let the code under test use the global fetch or node:http / node:https once the interception is active, so the twin for this host answers. ${LOOPBACK_FIX}`,
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
    clear() {
      unhandled.length = 0
    },
  }
}
