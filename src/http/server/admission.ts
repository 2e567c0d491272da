import type { IncomingMessage } from 'node:http'
import { DEFAULT_LIMITS } from '../../core/limits.ts'
import { INSPECTION_PATH, isInspectionPath } from './inspection.ts'

/** Bodies larger than this are refused with 413 unless `maxBodyBytes` says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = DEFAULT_LIMITS.requestBodyBytes

/** Methods the Fetch API refuses to carry; a twin never serves them. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/** Who may reach the inspection endpoints of a served twin. */
export interface InspectionAccess {
  /** The `Host` values that name this server (`127.0.0.1:43121`, `localhost:43121`, ...). */
  hosts: ReadonlySet<string>
  /** The server's own origin: a browser page of any other origin is refused. */
  origin: string
  /** Required as `Authorization: Bearer <token>` (or `?token=`); undefined when switched off. */
  token: string | undefined
}

/** A refusal before the request reaches a twin: status and a readable body. */
export interface Refusal {
  status: number
  headers?: Record<string, string>
  body: { error: string; message: string; fix: string }
}

/**
 * Whether a request may be served at all, decided from its head alone
 * (before any body is read): a method the Fetch API cannot carry is 405; an
 * inspection request must name this server in `Host` (DNS rebinding), come
 * from no foreign browser origin, and carry the run's token.
 */
export function admit(incoming: IncomingMessage, access: InspectionAccess): Refusal | undefined {
  const method = (incoming.method ?? 'GET').toUpperCase()
  if (FORBIDDEN_METHODS.has(method)) {
    return {
      status: 405,
      headers: { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' },
      body: {
        error: 'method_not_allowed',
        message: `A twin does not serve ${method} requests.`,
        fix: 'Call a tool with the method it declares (see GET /__agenttwin\'s "tools").',
      },
    }
  }
  const url = new URL(incoming.url ?? '/', access.origin)
  if (!isInspectionPath(url.pathname)) return undefined
  const host = (incoming.headers.host ?? '').toLowerCase()
  if (!access.hosts.has(host)) {
    return forbidden(
      `Host "${host}" does not name this server, so the request may come from a page that rebound a domain to it.`,
      `Reach the inspection endpoints as ${access.origin}${INSPECTION_PATH}.`,
    )
  }
  const origin = incoming.headers.origin
  const site = incoming.headers['sec-fetch-site']
  if ((origin !== undefined && origin !== access.origin) || site === 'cross-site') {
    return forbidden(
      `Inspection requests from another origin (${origin ?? site}) are refused: a web page must not read or reset the twin.`,
      'Call the inspection endpoints from a script or test, not from a browser page of another site.',
    )
  }
  if (access.token !== undefined && tokenOf(incoming, url) !== access.token) {
    return {
      status: 401,
      headers: { 'www-authenticate': 'Bearer realm="agenttwin"' },
      body: {
        error: 'inspection_token_required',
        message: `${INSPECTION_PATH} needs this run's inspection token.`,
        fix: 'Send the token that `agenttwin serve` printed (or `served.inspectionToken`) as `Authorization: Bearer <token>`, or start the server with --no-token for local scripts.',
      },
    }
  }
  return undefined
}

/** A 413 for a body over the limit. */
export function bodyTooLarge(limit: number): Refusal {
  return {
    status: 413,
    headers: { connection: 'close' },
    body: {
      error: 'body_too_large',
      message: `The request body is larger than ${limit} bytes; the twin did not read or record it.`,
      fix: 'Send tool arguments as a small JSON object, or raise the limit with --max-body-bytes (maxBodyBytes).',
    },
  }
}

function tokenOf(incoming: IncomingMessage, url: URL): string | undefined {
  const header = incoming.headers.authorization
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim()
  return url.searchParams.get('token') ?? undefined
}

function forbidden(message: string, fix: string): Refusal {
  return { status: 403, body: { error: 'inspection_forbidden', message, fix } }
}
