import { describe, expect, it } from 'vitest'
import type { CallerView, TwinAnswer } from '../../src/core/fault-model.ts'
import type { JsonValue } from '../../src/core/json.ts'
import { type FaultTypeName, getFaultType } from '../../src/faults/catalog.ts'

const answer: TwinAnswer = {
  status: 201,
  body: {
    refund_id: 'refund_3',
    status: 'succeeded',
    amount: 40,
    order: { id: 'ORD-1', total: 90 },
  },
  headers: { 'X-Request-Id': 'req_3' },
}
const answerText = JSON.stringify(answer.body)

/** Renders a fault's view the way the policy hands it over: defaults filled in. */
function view(
  type: FaultTypeName,
  params: Record<string, JsonValue> = {},
  from = answer,
): CallerView {
  const fault = getFaultType(type)!
  const defaults = Object.fromEntries(
    fault.params.filter((p) => p.default !== undefined).map((p) => [p.name, p.default!]),
  )
  return fault.view(structuredClone(from), { ...defaults, ...params })
}

function response(type: FaultTypeName, params?: Record<string, JsonValue>, from?: TwinAnswer) {
  const seen = view(type, params, from)
  if (seen.kind !== 'response') throw new Error(`${type} did not answer with a response`)
  return seen
}

function jsonBody(seen: CallerView): JsonValue {
  if (seen.kind !== 'response') throw new Error('no body')
  return JSON.parse(seen.body)
}

describe('connection faults', () => {
  it('connection_refused: ECONNREFUSED, no status', () => {
    expect(view('connection_refused')).toEqual({ kind: 'connection-error', code: 'ECONNREFUSED' })
  })

  it.each(['reset_before_effect', 'reset_after_effect'] as const)('%s: ECONNRESET', (type) => {
    expect(view(type)).toEqual({ kind: 'connection-error', code: 'ECONNRESET' })
  })

  it('empty_response: the connection closes without a status line', () => {
    expect(view('empty_response')).toEqual({ kind: 'connection-error', code: 'ECONNRESET' })
  })

  it('empty_response with emptyBody: the status arrives with a zero-length body', () => {
    const seen = response('empty_response', { emptyBody: true })
    expect(seen.status).toBe(201)
    expect(seen.body).toBe('')
    expect(seen.headers['x-request-id']).toBe('req_3')
  })
})

describe('timeouts and latency', () => {
  it.each(['timeout_before_effect', 'timeout_after_mutation'] as const)(
    '%s: a 504 gateway timeout by default',
    (type) => {
      const seen = response(type)
      expect(seen.status).toBe(504)
      expect(seen.headers['content-type']).toBe('application/json')
      expect(jsonBody(seen)).toMatchObject({
        error: 'gateway_timeout',
        message: expect.any(String),
      })
      expect(seen.delayMs).toBeUndefined()
    },
  )

  it('a timeout hangs with hang: true, and waits delayMs before the 504 otherwise', () => {
    expect(view('timeout_after_mutation', { hang: true })).toEqual({ kind: 'no-response' })
    expect(response('timeout_before_effect', { delayMs: 30_000 }).delayMs).toBe(30_000)
  })

  it("slow_success: the twin's own answer, late", () => {
    const seen = response('slow_success')
    expect(seen).toMatchObject({ status: 201, body: answerText, delayMs: 2000 })
    expect(response('slow_success', { delayMs: 150 }).delayMs).toBe(150)
  })
})

describe('error statuses', () => {
  it('server_error: 500 by default, 502 and 503 on request, each with a JSON error', () => {
    expect(jsonBody(response('server_error'))).toMatchObject({ error: 'internal_server_error' })
    expect(response('server_error').status).toBe(500)
    expect(response('server_error', { status: 502 })).toMatchObject({ status: 502 })
    expect(jsonBody(response('server_error', { status: 503 }))).toMatchObject({
      error: 'service_unavailable',
    })
  })

  it('server_error_after_commit: 500 by default, 504 on request', () => {
    expect(response('server_error_after_commit').status).toBe(500)
    expect(jsonBody(response('server_error_after_commit', { status: 504 }))).toMatchObject({
      error: 'gateway_timeout',
    })
  })

  it('rate_limited: 429 with Retry-After as a string header', () => {
    const seen = response('rate_limited', { retryAfterSeconds: 7 })
    expect(seen.status).toBe(429)
    expect(seen.headers['retry-after']).toBe('7')
    expect(jsonBody(seen)).toMatchObject({
      error: 'rate_limited',
      message: expect.stringContaining('7'),
    })
    expect(response('rate_limited').headers['retry-after']).toBe('2')
  })

  it('auth_expired: 401 with a Bearer invalid_token challenge', () => {
    const seen = response('auth_expired')
    expect(seen.status).toBe(401)
    expect(seen.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/)
    expect(jsonBody(seen)).toMatchObject({ error: 'invalid_token' })
  })

  it('idempotency_key_in_flight: 409 problem+json', () => {
    const seen = response('idempotency_key_in_flight')
    expect(seen.status).toBe(409)
    expect(seen.headers['content-type']).toBe('application/problem+json')
    expect(jsonBody(seen)).toMatchObject({
      title: expect.any(String),
      error: 'idempotency_key_in_flight',
    })
  })

  it('idempotency_key_mismatch: 422 per the IETF draft, 400 on request', () => {
    expect(response('idempotency_key_mismatch').status).toBe(422)
    expect(response('idempotency_key_mismatch', { status: 400 }).status).toBe(400)
    expect(jsonBody(response('idempotency_key_mismatch'))).toMatchObject({
      error: 'idempotency_key_mismatch',
    })
  })
})

describe('broken bodies', () => {
  it('partial_response: announces the full length, delivers half by default', () => {
    const seen = response('partial_response')
    expect(seen.status).toBe(201)
    expect(seen.declaredLength).toBe(Buffer.byteLength(answerText))
    expect(seen.body).toBe(answerText.slice(0, Math.floor(answerText.length / 2)))
    expect(() => JSON.parse(seen.body)).toThrow()
  })

  it('partial_response: cuts where asked, and never delivers the whole body', () => {
    expect(response('partial_response', { cutAt: 5 }).body).toBe(answerText.slice(0, 5))
    const clamped = response('partial_response', { cutAt: 10_000 })
    expect(clamped.body).toBe(answerText.slice(0, -1))
    expect(clamped.declaredLength).toBeGreaterThan(Buffer.byteLength(clamped.body))
  })

  it('partial_response counts the declared length in bytes', () => {
    const seen = response(
      'partial_response',
      {},
      { status: 200, body: { name: 'Zoë' }, headers: {} },
    )
    expect(seen.declaredLength).toBe(Buffer.byteLength('{"name":"Zoë"}'))
  })

  it('malformed_json: a complete JSON-typed body that does not parse', () => {
    const seen = response('malformed_json')
    expect(seen.status).toBe(201)
    expect(seen.headers['content-type']).toBe('application/json')
    expect(seen.declaredLength).toBeUndefined()
    expect(() => JSON.parse(seen.body)).toThrow(SyntaxError)
    const number = response('malformed_json', {}, { status: 200, body: 42, headers: {} })
    expect(() => JSON.parse(number.body)).toThrow(SyntaxError)
  })

  it('malformed_json with style html: a proxy page instead of JSON', () => {
    const seen = response('malformed_json', { style: 'html' })
    expect(seen.body).toMatch(/^<html>/)
    expect(() => JSON.parse(seen.body)).toThrow(SyntaxError)
  })

  it('schema_drift: drops the first field by default', () => {
    const body = jsonBody(response('schema_drift'))
    expect(body).toEqual({ status: 'succeeded', amount: 40, order: { id: 'ORD-1', total: 90 } })
  })

  it('schema_drift: renames and drops the given paths, in arrays too', () => {
    const body = jsonBody(
      response('schema_drift', {
        rename: { status: 'state', 'order.total': 'amount_total' },
        drop: ['amount'],
      }),
    )
    expect(body).toEqual({
      refund_id: 'refund_3',
      state: 'succeeded',
      order: { id: 'ORD-1', amount_total: 90 },
    })
    const list = response(
      'schema_drift',
      { rename: { id: 'orderId' } },
      { status: 200, body: [{ id: 'a', x: 1 }, { id: 'b' }], headers: {} },
    )
    expect(JSON.parse(list.body)).toEqual([{ orderId: 'a', x: 1 }, { orderId: 'b' }])
  })
})

describe('semantic faults', () => {
  it.each(['success_without_effect', 'applied_twice', 'stale_read'] as const)(
    "%s: the caller sees the twin's answer unchanged",
    (type) => {
      const seen = response(type)
      expect(seen).toEqual({
        kind: 'response',
        status: 201,
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_3' },
        body: answerText,
      })
    },
  )

  it('inconsistent_state: a 500 by default, the success answer with reportSuccess', () => {
    expect(response('inconsistent_state').status).toBe(500)
    expect(response('inconsistent_state', { status: 503 }).status).toBe(503)
    expect(response('inconsistent_state', { reportSuccess: true })).toMatchObject({
      status: 201,
      body: answerText,
    })
  })

  it('business_rejection_in_200: 200 with a rejection in the body', () => {
    const seen = response('business_rejection_in_200', { reason: 'card_declined' })
    expect(seen.status).toBe(200)
    expect(jsonBody(seen)).toEqual({ status: 'rejected', reason: 'card_declined' })
    expect(jsonBody(response('business_rejection_in_200'))).toEqual({
      status: 'rejected',
      reason: 'declined_by_provider',
    })
  })

  it('accepted_not_committed: 202 accepted', () => {
    const seen = response('accepted_not_committed', { commitAfterCalls: 2 })
    expect(seen.status).toBe(202)
    expect(jsonBody(seen)).toEqual({ status: 'accepted' })
  })
})

describe('headers', () => {
  it("merge the twin's headers case-insensitively, without a duplicate content-type", () => {
    const seen = response(
      'slow_success',
      {},
      {
        status: 200,
        body: {},
        headers: { 'Content-Type': 'application/vnd.api+json' },
      },
    )
    expect(seen.headers).toEqual({ 'content-type': 'application/vnd.api+json' })
  })
})
