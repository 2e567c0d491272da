import http2 from 'node:http2'
import net from 'node:net'
import type { ConnectTarget, SocketGuardOptions } from './network-guard.ts'

type Connect = (this: unknown, authority: unknown, ...rest: unknown[]) => http2.ClientHttp2Session

/** Where an `http2.connect` authority points: `https://host:port`, its host, port and whether it is TLS. */
function authorityOf(authority: unknown): { origin: string; target: ConnectTarget } | undefined {
  let url: URL
  try {
    if (typeof authority === 'string' || authority instanceof URL) url = new URL(authority)
    else {
      const parts = authority as {
        protocol?: string
        host?: string
        hostname?: string
        port?: unknown
      }
      const protocol = parts.protocol ?? 'https:'
      const host = parts.hostname ?? parts.host ?? 'localhost'
      url = new URL(`${protocol}//${host}${parts.port ? `:${String(parts.port)}` : ''}`)
    }
  } catch {
    return undefined
  }
  const secure = url.protocol === 'https:'
  const port = Number(url.port) || (secure ? 443 : 80)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return {
    origin: `${url.protocol}//${url.hostname}:${port}`,
    target: { kind: 'tcp', host, port, tls: secure },
  }
}

/**
 * Refuses an `http2.connect` session to a host that may not be reached, with
 * the guard's own message naming its origin (scheme, host and port): the
 * session is handed a socket that fails with the refusal, so its `error`
 * event (and every stream on it) carries that message, where a refusal one
 * level down would only say "Socket is closed". Returns the undo.
 * @example
 * const undo = installHttp2Guard({ allow: () => false, refuse: (r) => new Error(r.url) }, () => true)
 */
export function installHttp2Guard(
  options: SocketGuardOptions,
  isActive: () => boolean,
): () => void {
  const exports = http2 as unknown as { connect: Connect }
  const original = exports.connect
  const guarded: Connect = function connect(this: unknown, authority, ...rest) {
    const where = isActive() ? authorityOf(authority) : undefined
    if (!where || options.allow(where.target)) return original.call(this, authority, ...rest)
    const error = options.refuse({
      client: 'http2',
      url: where.origin,
      how: 'an HTTP/2 session (http2.connect)',
    })
    const [given, listener] =
      typeof rest[0] === 'function' ? [{}, rest[0]] : [rest[0] ?? {}, rest[1]]
    const refused = (): net.Socket => {
      const socket = new net.Socket()
      process.nextTick(() => socket.destroy(error))
      return socket
    }
    const sessionOptions = { ...(given as object), createConnection: refused }
    return listener === undefined
      ? original.call(this, authority, sessionOptions)
      : original.call(this, authority, sessionOptions, listener)
  }
  exports.connect = guarded
  return () => {
    if (exports.connect === guarded) exports.connect = original
  }
}
