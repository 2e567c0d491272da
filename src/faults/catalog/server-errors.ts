import { renderJson } from '../../core/render-answer.ts'
import { defineFault, numberParam, serverErrorView } from './parts.ts'

export const serverError = defineFault({
  type: 'server_error',
  title: 'Server error, nothing done',
  dependency: {
    effect: 'none',
    description: 'Nothing: the server failed before changing anything.',
  },
  caller: { description: 'A 500, 502 or 503 with a JSON error body.' },
  mcp: {
    kind: 'tool-result',
    description: 'A tool result with isError: true whose text is the server error.',
  },
  dangerous: false,
  params: [
    {
      name: 'status',
      type: 'integer',
      allowed: [500, 502, 503],
      default: 500,
      description: 'the status the caller sees',
    },
  ],
  view: (_answer, params) => serverErrorView(numberParam(params, 'status', 500)),
})

export const serverErrorAfterCommit = defineFault({
  type: 'server_error_after_commit',
  title: 'Server error after the commit',
  dependency: {
    effect: 'applied',
    description: 'All of it: the change was committed, then the server (or a proxy) failed.',
  },
  caller: { description: 'A 500, 502 or 504 with a JSON error body.' },
  mcp: {
    kind: 'jsonrpc-error',
    description: 'A JSON-RPC error (-32603 internal error) instead of a tool result.',
  },
  dangerous: true,
  params: [
    {
      name: 'status',
      type: 'integer',
      allowed: [500, 502, 504],
      default: 500,
      description: 'the status the caller sees',
    },
  ],
  view: (_answer, params) => serverErrorView(numberParam(params, 'status', 500)),
})

export const rateLimited = defineFault({
  type: 'rate_limited',
  title: 'Rate limited',
  dependency: { effect: 'none', description: 'Nothing: the request was turned away at the door.' },
  caller: { description: 'A 429 with a Retry-After header (seconds) and a JSON error body.' },
  mcp: {
    kind: 'tool-result',
    description:
      'A tool result with isError: true saying to retry later (retry-after in the text).',
  },
  dangerous: false,
  params: [
    {
      name: 'retryAfterSeconds',
      type: 'integer',
      minimum: 0,
      default: 2,
      description: 'the Retry-After header value, in seconds',
    },
  ],
  view: (_answer, params) => {
    const seconds = numberParam(params, 'retryAfterSeconds', 2)
    return renderJson(
      429,
      {
        error: 'rate_limited',
        message: `Too many requests. Retry after ${seconds} seconds.`,
      },
      { 'retry-after': String(seconds) },
    )
  },
})

export const authExpired = defineFault({
  type: 'auth_expired',
  title: 'Authentication expired',
  dependency: { effect: 'none', description: 'Nothing: the credentials were rejected.' },
  caller: {
    description: 'A 401 with an RFC 6750 WWW-Authenticate header and an invalid_token error body.',
  },
  mcp: {
    kind: 'tool-result',
    description: 'A tool result with isError: true saying the credentials expired.',
  },
  dangerous: false,
  params: [],
  view: () =>
    renderJson(
      401,
      { error: 'invalid_token', message: 'The access token expired.' },
      {
        'www-authenticate':
          'Bearer error="invalid_token", error_description="The access token expired"',
      },
    ),
})
