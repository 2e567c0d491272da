import net from 'node:net'
import tls from 'node:tls'

/** Where a socket was about to connect. */
export type ConnectTarget =
  | { kind: 'tcp'; host: string; port: number; tls: boolean }
  | { kind: 'ipc'; path: string }

export interface SocketGuardOptions {
  /** Let this connection through. */
  allow(target: ConnectTarget): boolean
  /** The error a refused connection's socket is destroyed with. */
  refuse(target: ConnectTarget): Error
}

type Connect = (this: net.Socket, ...args: unknown[]) => net.Socket

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

/**
 * Refuses outgoing socket connections below HTTP: the last line of the
 * network guard, for clients that bypass msw (a `fetch` or `http.request`
 * captured before interception started, the `undici` package, raw
 * `net.connect` / `tls.connect`). Every TCP and TLS client connection goes
 * through `net.Socket.prototype.connect`; a refused one is destroyed with
 * `refuse(target)` on the next tick, before any DNS lookup, the way a
 * refused connection fails.
 *
 * Returns the function that removes the guard. If someone patched `connect`
 * on top of ours meanwhile, ours stays in their chain but lets everything through.
 *
 * @example
 * const remove = installSocketGuard({ allow: () => false, refuse: (t) => new Error(`blocked ${t.kind}`) })
 * remove()
 */
export function installSocketGuard(options: SocketGuardOptions): () => void {
  const prototype = net.Socket.prototype as unknown as { connect: Connect }
  const original = prototype.connect
  let active = true
  const guarded: Connect = function connect(this: net.Socket, ...args: unknown[]) {
    if (!active) return original.apply(this, args)
    const target = targetOf(this, args)
    if (options.allow(target)) return original.apply(this, args)
    const error = options.refuse(target)
    process.nextTick(() => this.destroy(error))
    return this
  }
  prototype.connect = guarded
  return () => {
    if (!active) return
    active = false
    if (prototype.connect === guarded) prototype.connect = original
  }
}
