/**
 * Idempotency-key conflicts, answered as the IETF draft
 * "The Idempotency-Key HTTP Header Field" describes: problem details
 * (RFC 9457) with 409 for a request still in flight and 422 for a reused key
 * with a different payload. `error` and `message` are added for callers that
 * read the common `{ error, message }` shape.
 */
import { renderJson } from '../../core/render-answer.ts'
import { defineFault, numberParam } from './parts.ts'

const PROBLEM_JSON = { 'content-type': 'application/problem+json' }

export const idempotencyKeyInFlight = defineFault({
  type: 'idempotency_key_in_flight',
  title: 'Idempotency key in flight',
  dependency: {
    effect: 'none',
    description: 'Nothing: an earlier request with the same key is still being processed.',
  },
  caller: { description: 'A 409 Conflict (problem+json): retry later.' },
  mcp: {
    kind: 'tool-result',
    description: 'A tool result with isError: true: a request with this key is still in flight.',
  },
  dangerous: false,
  params: [],
  view: () =>
    renderJson(
      409,
      {
        type: 'https://developer.example.com/idempotency',
        title: 'A request is outstanding for this Idempotency-Key',
        detail: 'A request with the same Idempotency-Key is still being processed. Retry later.',
        error: 'idempotency_key_in_flight',
        message: 'A request with the same Idempotency-Key is still being processed. Retry later.',
      },
      PROBLEM_JSON,
    ),
})

export const idempotencyKeyMismatch = defineFault({
  type: 'idempotency_key_mismatch',
  title: 'Same idempotency key, different payload',
  dependency: {
    effect: 'none',
    description: 'Nothing: the key was already used with a different payload.',
  },
  caller: { description: 'A 422 (IETF draft; some providers send 400) problem+json.' },
  mcp: {
    kind: 'tool-result',
    description: 'A tool result with isError: true: the key was used with another payload.',
  },
  dangerous: false,
  params: [
    {
      name: 'status',
      type: 'integer',
      allowed: [422, 400],
      default: 422,
      description: 'the status the caller sees: 422 per the IETF draft, 400 as some providers do',
    },
  ],
  view: (_answer, params) =>
    renderJson(
      numberParam(params, 'status', 422),
      {
        type: 'https://developer.example.com/idempotency',
        title: 'Idempotency-Key is already used',
        detail: 'This Idempotency-Key was used with a different request payload.',
        error: 'idempotency_key_mismatch',
        message: 'This Idempotency-Key was used with a different request payload.',
      },
      PROBLEM_JSON,
    ),
})
