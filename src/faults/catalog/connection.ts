import { renderAnswer } from '../../core/render-answer.ts'
import { booleanParam, defineFault } from './parts.ts'

export const connectionRefused = defineFault({
  type: 'connection_refused',
  title: 'Connection refused',
  dependency: { effect: 'none', description: 'Nothing: no connection was ever made.' },
  caller: { description: 'An immediate connection error, ECONNREFUSED; no status.' },
  mcp: {
    kind: 'connection-lost',
    description:
      'The connection fails before any answer: over HTTP the POST is refused; over stdio the server closes its output. The request ends with a transport error.',
  },
  dangerous: false,
  params: [],
  view: () => ({ kind: 'connection-error', code: 'ECONNREFUSED' }),
})

export const resetBeforeEffect = defineFault({
  type: 'reset_before_effect',
  title: 'Connection reset before the effect',
  dependency: {
    effect: 'none',
    description: 'Nothing: the connection dropped before the dependency acted.',
  },
  caller: { description: 'The connection is reset, ECONNRESET; no status.' },
  mcp: {
    kind: 'connection-lost',
    description:
      'The connection drops before any answer (HTTP: ECONNRESET; stdio: the server closes its output).',
  },
  dangerous: false,
  params: [],
  view: () => ({ kind: 'connection-error', code: 'ECONNRESET' }),
})

export const resetAfterEffect = defineFault({
  type: 'reset_after_effect',
  title: 'Connection reset after the effect',
  dependency: {
    effect: 'applied',
    description: 'All of it: the change was committed before the connection dropped.',
  },
  caller: { description: 'The connection is reset, ECONNRESET; no status.' },
  mcp: {
    kind: 'connection-lost',
    description:
      'The connection drops before any answer (HTTP: ECONNRESET; stdio: the server closes its output).',
  },
  dangerous: true,
  params: [],
  view: () => ({ kind: 'connection-error', code: 'ECONNRESET' }),
})

/**
 * The dependency fact of `empty_response` is fixed at `applied`: the caller
 * cannot know, and the costly case to test is the one where it did happen.
 */
export const emptyResponse = defineFault({
  type: 'empty_response',
  title: 'Empty response',
  dependency: {
    effect: 'applied',
    description:
      'All of it, though the caller cannot tell: the server acted, then closed the connection without answering.',
  },
  caller: {
    description:
      'The connection closes with no status line (ECONNRESET, "socket hang up"); with emptyBody: true, the status arrives with an empty body.',
  },
  mcp: { kind: 'connection-lost', description: 'The connection closes with no answer at all.' },
  dangerous: true,
  params: [
    {
      name: 'emptyBody',
      type: 'boolean',
      default: false,
      description:
        "true: the twin's status and headers arrive with a zero-length body instead of a closed connection",
    },
  ],
  view: (answer, params) => {
    if (!booleanParam(params, 'emptyBody', false))
      return { kind: 'connection-error', code: 'ECONNRESET' }
    return { ...renderAnswer(answer), body: '' }
  },
})
