import { getSystemErrorMap } from 'node:util'

export type ConnectionErrorCode = 'ECONNREFUSED' | 'ECONNRESET' | 'EPIPE'

/** The system call Node names in each error, as in `connect ECONNREFUSED 10.0.0.1:443`. */
const SYSCALL: Record<ConnectionErrorCode, string> = {
  ECONNREFUSED: 'connect',
  ECONNRESET: 'read',
  EPIPE: 'write',
}

function errnoOf(code: string): number | undefined {
  for (const [errno, [name]] of getSystemErrorMap()) {
    if (name === code) return errno
  }
  return undefined
}

function defaultPort(url: URL): number {
  if (url.port) return Number(url.port)
  return url.protocol === 'https:' ? 443 : 80
}

/**
 * An error shaped like the one Node itself raises when a connection fails:
 * a plain `Error` with `code`, the platform's `errno`, `syscall` (and
 * `address`/`port` for a refused connection). It is deliberately not an
 * AgentTwin error class: the agent under test must see what it would see in
 * production, and code written against Node's errors must work unchanged.
 *
 * @example
 * systemError('ECONNRESET', new URL('https://pay.test/refunds'))
 * // Error: read ECONNRESET { code: 'ECONNRESET', errno: -104, syscall: 'read' }
 */
export function systemError(code: ConnectionErrorCode, url: URL): NodeJS.ErrnoException {
  const syscall = SYSCALL[code]
  const refused = code === 'ECONNREFUSED'
  const port = defaultPort(url)
  const message = refused ? `${syscall} ${code} ${url.hostname}:${port}` : `${syscall} ${code}`
  const error: NodeJS.ErrnoException & { address?: string; port?: number } = new Error(message)
  error.errno = errnoOf(code)
  error.code = code
  error.syscall = syscall
  if (refused) {
    error.address = url.hostname
    error.port = port
  }
  return error
}

/**
 * What undici's `fetch` rejects a body read with when the connection closes
 * before `Content-Length` bytes arrived: `TypeError: terminated`, caused by a
 * `SocketError: other side closed` (`UND_ERR_SOCKET`).
 */
export function terminatedError(): TypeError {
  const cause = Object.assign(new Error('other side closed'), {
    name: 'SocketError',
    code: 'UND_ERR_SOCKET',
  })
  return new TypeError('terminated', { cause })
}
