import net from 'node:net'
import tls from 'node:tls'
import { installHttp2Guard } from './http2-guard.ts'
import { type ConnectTarget, type SocketGuardOptions, targetUrl } from './network-guard.ts'

/** Where a socket was about to connect. */
type Connect = (this: net.Socket, ...args: unknown[]) => net.Socket
type WriteGeneric = (this: net.Socket, ...args: unknown[]) => unknown
type RawConnect = (this: object, request: unknown, address: string, port: number) => number

function targetOf(socket: net.Socket, args: unknown[]): ConnectTarget {
  // net.connect() hands over its already normalized [options, callback] array.
  const list = Array.isArray(args[0]) ? (args[0] as unknown[]) : args
  const [first, second] = list
  const secure = socket instanceof tls.TLSSocket
  if (typeof first === 'object' && first !== null) {
    const options = first as { path?: unknown; host?: unknown; port?: unknown }
    if (typeof options.path === 'string') return { kind: 'ipc', path: options.path }
    const host = typeof options.host === 'string' && options.host ? options.host : 'localhost'
    return { kind: 'tcp', host, port: Number(options.port), tls: secure }
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { kind: 'ipc', path: first }
  const host = typeof second === 'string' && second ? second : 'localhost'
  return { kind: 'tcp', host, port: Number(first), tls: secure }
}

/** The HTTP request riding on a socket (node:http sets `_httpMessage` once the socket is assigned). */
function httpRequestOn(
  socket: net.Socket,
  secure: boolean,
): { method: string; url: string } | undefined {
  const message = (socket as unknown as { _httpMessage?: Record<string, unknown> })._httpMessage
  if (!message || typeof message.method !== 'string') return undefined
  const host = typeof message.host === 'string' ? message.host : socket.remoteAddress
  const protocol =
    typeof message.protocol === 'string' ? message.protocol : secure ? 'https:' : 'http:'
  return { method: message.method, url: `${protocol}//${host}${String(message.path ?? '/')}` }
}

const TCP = (
  process as unknown as {
    binding(name: string): { TCP: { prototype: Record<string, RawConnect> } }
  }
).binding('tcp_wrap').TCP

/**
 * Refuses outgoing traffic below HTTP: the last line of the network guard.
 *
 * - Every `net` / `tls` client connection goes through
 *   `net.Socket.prototype.connect`; a refused one is destroyed on the next
 *   turn of the event loop with an error naming the HTTP request on it when
 *   node:http put one there (method and URL), else host and port.
 * - A write on a TCP socket that did not connect through the guard (opened
 *   before it started: a warmed keep-alive pool) to a host not allowed is
 *   refused and the socket destroyed, so nothing reaches the peer.
 * - A connect straight on the `tcp_wrap` binding (`process.binding`) that did
 *   not come from an allowed socket throws the refusal (its caller sees only
 *   what `connect` returns or throws), and is kept; a `net` socket whose
 *   connect began before the guard fails with the refusal.
 *
 * Returns the function that removes the guard. If someone patched on top of
 * ours meanwhile, ours stays in their chain but lets everything through.
 *
 * @example
 * const remove = installSocketGuard({ allow: () => false, refuse: (r) => new Error(`blocked ${r.url}`) })
 * remove()
 */
export function installSocketGuard(options: SocketGuardOptions): () => void {
  const prototype = net.Socket.prototype as unknown as {
    connect: Connect
    _writeGeneric: WriteGeneric
  }
  const original = prototype.connect
  const originalWrite = prototype._writeGeneric
  const rawConnect = TCP.prototype.connect!
  const rawConnect6 = TCP.prototype.connect6!
  const checked = new WeakSet<object>()
  const allowedHandles = new WeakSet<object>()
  let active = true

  const guarded: Connect = function connect(this: net.Socket, ...args: unknown[]) {
    if (!active) return original.apply(this, args)
    const target = targetOf(this, args)
    checked.add(this)
    if (options.allow(target)) {
      const socket = original.apply(this, args)
      const handle = (this as unknown as { _handle?: object })._handle
      if (handle) allowedHandles.add(handle)
      return socket
    }
    // One turn later node:http has put its request on the socket: the refusal can name it.
    setImmediate(() => {
      const request = target.kind === 'tcp' ? httpRequestOn(this, target.tls) : undefined
      const error = options.refuse({
        client: request ? 'node:http' : 'socket',
        ...(request ?? { url: targetUrl(target) }),
        how: request
          ? 'sent by a node:http client captured before the guard started, so it bypassed HTTP interception'
          : 'a raw net / tls connection below HTTP',
      })
      this.destroy(error)
    })
    return this
  }

  const guardedWrite: WriteGeneric = function _writeGeneric(this: net.Socket, ...args: unknown[]) {
    if (!active || checked.has(this) || isServerSide(this)) return originalWrite.apply(this, args)
    const port = this.remotePort
    const host = this.remoteAddress
    const secure = this instanceof tls.TLSSocket
    if (
      port === undefined ||
      host === undefined ||
      options.allow({ kind: 'tcp', host, port, tls: secure })
    ) {
      checked.add(this)
      return originalWrite.apply(this, args)
    }
    const target: ConnectTarget = { kind: 'tcp', host, port, tls: secure }
    const error = options.refuse({
      client: 'socket',
      url: targetUrl(target),
      how: 'a write on a socket opened before the guard started (a warmed keep-alive connection)',
    })
    const callback = args.at(-1)
    this.destroy(error)
    if (typeof callback === 'function') callback(error)
    return undefined
  }

  function rawGuard(connectImpl: RawConnect): RawConnect {
    return function connect(this: object, request, address, port) {
      if (
        !active ||
        allowedHandles.has(this) ||
        options.allow({ kind: 'tcp', host: address, port, tls: false })
      )
        return connectImpl.call(this, request, address, port)
      const owner = socketOwning(this)
      const error = options.refuse({
        client: owner ? 'socket' : 'tcp_wrap',
        url: targetUrl({ kind: 'tcp', host: address, port, tls: false }),
        how: owner
          ? 'a net socket whose connect began before the guard started'
          : "a raw connect on process.binding('tcp_wrap')",
      })
      if (owner) {
        // node:net's own connect: the socket fails with the refusal, not a bare ECONNREFUSED.
        process.nextTick(() => owner.destroy(error))
        return 0
      }
      // A raw binding caller only sees what connect returns or throws: the refusal, thrown.
      throw error
    }
  }
  const guardedRaw = rawGuard(rawConnect)
  const guardedRaw6 = rawGuard(rawConnect6)

  const removeHttp2Guard = installHttp2Guard(options, () => active)
  prototype.connect = guarded
  prototype._writeGeneric = guardedWrite
  TCP.prototype.connect = guardedRaw
  TCP.prototype.connect6 = guardedRaw6
  return () => {
    if (!active) return
    active = false
    removeHttp2Guard()
    if (prototype.connect === guarded) prototype.connect = original
    if (prototype._writeGeneric === guardedWrite) prototype._writeGeneric = originalWrite
    if (TCP.prototype.connect === guardedRaw) TCP.prototype.connect = rawConnect
    if (TCP.prototype.connect6 === guardedRaw6) TCP.prototype.connect6 = rawConnect6
  }
}

/** The `net.Socket` a raw handle belongs to (node:net marks it with its `owner_symbol`). */
function socketOwning(handle: object): net.Socket | undefined {
  for (const key of Object.getOwnPropertySymbols(handle)) {
    const value = (handle as Record<symbol, unknown>)[key]
    if (key.description === 'owner_symbol' && value instanceof net.Socket) return value
  }
  return undefined
}

/** A socket a local server accepted: its writes are answers, not outgoing traffic. */
function isServerSide(socket: net.Socket): boolean {
  const accepted = socket as unknown as { server?: unknown; _server?: unknown }
  return accepted.server != null || accepted._server != null
}
