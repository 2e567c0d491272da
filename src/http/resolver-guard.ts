import dgram from 'node:dgram'
import dns from 'node:dns'
import { isIP } from 'node:net'
import { isLoopbackHost, type Refusal } from './network-guard.ts'

export interface ResolverGuardOptions {
  /** Whether this host may be resolved or sent to for real. */
  allowsHost(host: string, port?: number): boolean
  /** Whether `host` is served by a twin (its lookup answers without asking any resolver). */
  isTwinHost(host: string): boolean
  /** Keeps a refusal; returns the error the caller fails with. */
  refuse(refusal: Refusal): Error
}

/**
 * What a lookup of a twin host answers: an address of TEST-NET-1 (RFC 5737),
 * which is never routed, so a lookup works without asking a resolver and a
 * connection to it could only be refused by the socket guard.
 */
export const TWIN_HOST_ADDRESS = '192.0.2.1'

const RESOLVE_METHODS = [
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCaa',
  'resolveCname',
  'resolveMx',
  'resolveNaptr',
  'resolveNs',
  'resolvePtr',
  'resolveSoa',
  'resolveSrv',
  'resolveTxt',
  'reverse',
] as const

type AnyFunction = (...args: unknown[]) => unknown
type Patchable = Record<string, AnyFunction | undefined>

/**
 * Refuses DNS queries and UDP datagrams to hosts the test may not reach:
 * `dns.lookup`, `dns.lookupService`, every `resolve*` and `reverse` (module
 * functions, `dns.promises`, and both `Resolver` classes), and
 * `dgram.Socket#send` / `#connect`. A refused callback API gets the error in
 * its callback, a promise API rejects with it, a UDP socket emits it.
 * Returns the function that undoes every patch.
 * @example
 * const remove = installResolverGuard({ allowsHost: () => false, isTwinHost: () => false, refuse: (r) => new Error(r.url) })
 */
export function installResolverGuard(options: ResolverGuardOptions): () => void {
  const undo: (() => void)[] = []
  let active = true

  function patch(target: Patchable, name: string, wrap: (original: AnyFunction) => AnyFunction) {
    const original = target[name]
    if (typeof original !== 'function') return
    const guarded = wrap(original)
    target[name] = guarded
    undo.push(() => {
      if (target[name] === guarded) target[name] = original
    })
  }

  function dnsRefusal(
    host: unknown,
    what: string,
    api: unknown,
    args: unknown[],
  ): Error | undefined {
    if (!active || typeof host !== 'string') return undefined
    if (options.allowsHost(host)) return undefined
    // An address or a name of this machine is answered without asking any resolver.
    if (what.endsWith('lookup') && (isIP(host) !== 0 || isLoopbackHost(host))) return undefined
    const service = what.endsWith('lookupService') ? Number(args[1]) : Number.NaN
    const name = host.includes(':') ? `[${host}]` : host
    return options.refuse({
      client: 'dns',
      url: Number.isInteger(service) ? `dns://${name}:${service}` : `dns://${name}`,
      how: `a DNS query (${what} of ${host}${Number.isInteger(service) ? ` port ${service}` : ''}, ${askedOf(what, api)})`,
    })
  }

  function callbackStyle(name: string): (original: AnyFunction) => AnyFunction {
    return (original) =>
      function (this: unknown, ...args: unknown[]) {
        const host = args[0]
        if (active && name === 'lookup' && typeof host === 'string' && options.isTwinHost(host)) {
          const callback = args.at(-1) as AnyFunction
          const all = typeof args[1] === 'object' && (args[1] as { all?: boolean })?.all
          process.nextTick(() =>
            all
              ? callback(null, [{ address: TWIN_HOST_ADDRESS, family: 4 }])
              : callback(null, TWIN_HOST_ADDRESS, 4),
          )
          return {}
        }
        const error = dnsRefusal(host, `dns.${name}`, this, args)
        if (!error) return original.apply(this, args)
        const callback = args.at(-1)
        if (typeof callback === 'function') process.nextTick(() => callback(error))
        return {}
      }
  }

  function promiseStyle(name: string): (original: AnyFunction) => AnyFunction {
    return (original) =>
      function (this: unknown, ...args: unknown[]) {
        const host = args[0]
        if (active && name === 'lookup' && typeof host === 'string' && options.isTwinHost(host)) {
          const all = typeof args[1] === 'object' && (args[1] as { all?: boolean })?.all
          const answer = { address: TWIN_HOST_ADDRESS, family: 4 }
          return Promise.resolve(all ? [answer] : answer)
        }
        const error = dnsRefusal(host, `dns.promises.${name}`, this, args)
        return error ? Promise.reject(error) : original.apply(this, args)
      }
  }

  const callbackApis = [dns as unknown as Patchable, dns.Resolver.prototype as unknown as Patchable]
  const promiseApis = [
    dns.promises as unknown as Patchable,
    dns.promises.Resolver.prototype as unknown as Patchable,
  ]
  for (const name of ['lookup', 'lookupService', ...RESOLVE_METHODS]) {
    for (const api of callbackApis) patch(api, name, callbackStyle(name))
    for (const api of promiseApis) patch(api, name, promiseStyle(name))
  }

  const udp = dgram.Socket.prototype as unknown as Patchable
  patch(
    udp,
    'send',
    (original) =>
      function (this: dgram.Socket, ...args: unknown[]) {
        const [port, address] = udpTarget(this, args)
        const error = udpRefusal(address, port)
        if (!error) return original.apply(this, args)
        const callback = args.at(-1)
        if (typeof callback === 'function') process.nextTick(() => callback(error))
        else process.nextTick(() => this.emit('error', error))
        return undefined
      },
  )
  patch(
    udp,
    'connect',
    (original) =>
      function (this: dgram.Socket, ...args: unknown[]) {
        const port = Number(args[0])
        const address = typeof args[1] === 'string' ? args[1] : 'localhost'
        const error = udpRefusal(address, port)
        if (!error) return original.apply(this, args)
        process.nextTick(() => this.emit('error', error))
        return undefined
      },
  )

  function udpRefusal(address: string, port: number): Error | undefined {
    if (!active || options.allowsHost(address, port)) return undefined
    const host = address.includes(':') ? `[${address}]` : address
    return options.refuse({
      client: 'udp',
      url: `udp://${host}:${port}`,
      how: 'a UDP datagram (dgram)',
    })
  }

  return () => {
    if (!active) return
    active = false
    for (const step of undo.reverse()) step()
  }
}

/** Port and address of a `send`: connected sockets use their peer, else `(msg, [offset, length,] port, address)`. */
function udpTarget(socket: dgram.Socket, args: unknown[]): [number, string] {
  try {
    const peer = socket.remoteAddress()
    return [peer.port, peer.address]
  } catch {}
  const withRange =
    typeof args[1] === 'number' && typeof args[2] === 'number' && typeof args[3] === 'number'
  const port = Number(withRange ? args[3] : args[1])
  const address = withRange ? args[4] : args[2]
  return [port, typeof address === 'string' ? address : 'localhost']
}

/**
 * Where a refused query would have gone: the DNS servers (host:port) a
 * `resolve*` asks, or the system resolver a `lookup` asks (getaddrinfo).
 */
function askedOf(what: string, api: unknown): string {
  if (/lookup(Service)?$/.test(what)) return 'asked of the system resolver'
  let servers: string[] = []
  try {
    const own = (api as { getServers?: () => string[] } | undefined)?.getServers
    servers = typeof own === 'function' ? own.call(api) : dns.getServers()
  } catch {}
  // getServers() gives `1.1.1.1`, `1.1.1.1:5353`, `::1` or `[::1]:5353`.
  const named = servers.map((server) =>
    server.startsWith('[') || /^[^:]+:\d+$/.test(server)
      ? server
      : server.includes(':')
        ? `[${server}]:53`
        : `${server}:53`,
  )
  return named.length > 0 ? `asked of the DNS server ${named.join(', ')}` : 'asked of no DNS server'
}
