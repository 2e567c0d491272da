/**
 * One contract per fault type, through real HTTP interception: the agent's
 * side is plain `fetch`. Each contract asserts BOTH facts: what the dependency
 * did (the twin's state and record) and what the caller saw.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RecordedFault } from '../../src/core/call-record.ts'
import type { DependencyEffect } from '../../src/core/fault-model.ts'
import type { JsonObject } from '../../src/core/json.ts'
import { type FaultRuleInput, fault } from '../../src/faults/builder.ts'
import { type FaultTypeName, faultCatalog } from '../../src/faults/catalog.ts'
import { createFaultPolicy } from '../../src/faults/rules.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import { createTwin } from '../../src/twin/index.ts'
import type { Twin } from '../../src/twin/types.ts'
import { ORDER_BEFORE, PAYMENTS_URL, paymentsDocument } from './support/payments-twin.ts'

/** What `fetch` gave the caller. */
type Seen =
  | { kind: 'body'; status: number; headers: Headers; text: string; ms: number }
  | { kind: 'body-failed'; status: number; headers: Headers; error: unknown }
  | { kind: 'fetch-failed'; error: unknown; ms: number }

async function observe(url: string, init: RequestInit = {}): Promise<Seen> {
  const started = performance.now()
  let response: Response
  try {
    response = await fetch(url, init)
  } catch (error) {
    return { kind: 'fetch-failed', error, ms: performance.now() - started }
  }
  const { status, headers } = response
  try {
    const text = await response.text()
    return { kind: 'body', status, headers, text, ms: performance.now() - started }
  } catch (error) {
    return { kind: 'body-failed', status, headers, error }
  }
}

function refund(init: RequestInit = {}): Promise<Seen> {
  return observe(`${PAYMENTS_URL}/tools/refund_payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: 'ORD-1', amount: 40 }),
    ...init,
  })
}

function getOrder(): Promise<Seen> {
  return observe(`${PAYMENTS_URL}/orders/ORD-1`)
}

function body(seen: Seen) {
  if (seen.kind !== 'body') throw new Error(`expected a full body, got ${seen.kind}`)
  return seen
}

function json(seen: Seen): JsonObject {
  return JSON.parse(body(seen).text) as JsonObject
}

function connectionCode(seen: Seen): string | undefined {
  if (seen.kind !== 'fetch-failed') throw new Error(`expected fetch to fail, got ${seen.kind}`)
  expect(seen.error).toBeInstanceOf(TypeError)
  expect((seen.error as Error).message).toBe('fetch failed')
  return ((seen.error as Error).cause as NodeJS.ErrnoException | undefined)?.code
}

function order(twin: Twin): JsonObject {
  return (twin.state().orders as JsonObject)['ORD-1'] as JsonObject
}

/** Fact one, read back from the twin: the order after one refund call. */
const ORDER_AFTER: Record<Exclude<DependencyEffect, 'stale'>, JsonObject> = {
  none: ORDER_BEFORE,
  applied: { ...ORDER_BEFORE, status: 'refunded', refunded_amount: 40, refund_count: 1 },
  partial: { ...ORDER_BEFORE, status: 'refunded' },
  twice: { ...ORDER_BEFORE, status: 'refunded', refunded_amount: 80, refund_count: 2 },
  deferred: ORDER_BEFORE,
}

interface Contract {
  type: FaultTypeName
  params?: JsonObject
  dependency: Exclude<DependencyEffect, 'stale'>
  /** Fact two, as the record keeps it. */
  recorded: RecordedFault['caller']
  /** Fact two, as `fetch` saw it. */
  caller(seen: Seen): void
}

const SUCCESS_BODY = { refund_id: 're_1', status: 'succeeded', order_id: 'ORD-1', amount: 40 }

function expectGatewayTimeout(seen: Seen) {
  expect(body(seen).status).toBe(504)
  expect(json(seen)).toMatchObject({ error: 'gateway_timeout' })
}

function expectTwinSuccess(seen: Seen) {
  expect(body(seen).status).toBe(201)
  expect(body(seen).headers.get('content-type')).toBe('application/json')
  expect(json(seen)).toEqual(SUCCESS_BODY)
}

const contracts: Contract[] = [
  {
    type: 'connection_refused',
    dependency: 'none',
    recorded: { kind: 'connection-error', code: 'ECONNREFUSED' },
    caller: (seen) => expect(connectionCode(seen)).toBe('ECONNREFUSED'),
  },
  {
    type: 'timeout_before_effect',
    dependency: 'none',
    recorded: { kind: 'response', status: 504 },
    caller: expectGatewayTimeout,
  },
  {
    type: 'timeout_after_mutation',
    dependency: 'applied',
    recorded: { kind: 'response', status: 504 },
    caller: expectGatewayTimeout,
  },
  {
    type: 'reset_before_effect',
    dependency: 'none',
    recorded: { kind: 'connection-error', code: 'ECONNRESET' },
    caller: (seen) => expect(connectionCode(seen)).toBe('ECONNRESET'),
  },
  {
    type: 'reset_after_effect',
    dependency: 'applied',
    recorded: { kind: 'connection-error', code: 'ECONNRESET' },
    caller: (seen) => expect(connectionCode(seen)).toBe('ECONNRESET'),
  },
  {
    type: 'server_error',
    params: { status: 503 },
    dependency: 'none',
    recorded: { kind: 'response', status: 503 },
    caller: (seen) => {
      expect(body(seen).status).toBe(503)
      expect(json(seen)).toMatchObject({
        error: 'service_unavailable',
        message: expect.any(String),
      })
    },
  },
  {
    type: 'server_error_after_commit',
    params: { status: 502 },
    dependency: 'applied',
    recorded: { kind: 'response', status: 502 },
    caller: (seen) => {
      expect(body(seen).status).toBe(502)
      expect(json(seen)).toMatchObject({ error: 'bad_gateway' })
    },
  },
  {
    type: 'rate_limited',
    params: { retryAfterSeconds: 3 },
    dependency: 'none',
    recorded: { kind: 'response', status: 429 },
    caller: (seen) => {
      expect(body(seen).status).toBe(429)
      expect(body(seen).headers.get('retry-after')).toBe('3')
      expect(json(seen)).toMatchObject({ error: 'rate_limited' })
    },
  },
  {
    type: 'slow_success',
    params: { delayMs: 60 },
    dependency: 'applied',
    recorded: { kind: 'response', status: 201 },
    caller: (seen) => {
      expectTwinSuccess(seen)
      expect(body(seen).ms).toBeGreaterThanOrEqual(50)
    },
  },
  {
    type: 'partial_response',
    dependency: 'applied',
    recorded: { kind: 'response', status: 201, body: 'truncated' },
    caller: (seen) => {
      if (seen.kind !== 'body-failed')
        throw new Error(`expected the body to fail, got ${seen.kind}`)
      expect(seen.status).toBe(201)
      expect(Number(seen.headers.get('content-length'))).toBe(JSON.stringify(SUCCESS_BODY).length)
      expect(seen.error).toBeInstanceOf(Error)
    },
  },
  {
    type: 'malformed_json',
    dependency: 'applied',
    recorded: { kind: 'response', status: 201, body: 'unparseable' },
    caller: (seen) => {
      expect(body(seen).status).toBe(201)
      expect(body(seen).headers.get('content-type')).toBe('application/json')
      expect(() => JSON.parse(body(seen).text)).toThrow(SyntaxError)
    },
  },
  {
    type: 'empty_response',
    dependency: 'applied',
    recorded: { kind: 'connection-error', code: 'ECONNRESET' },
    caller: (seen) => expect(connectionCode(seen)).toBe('ECONNRESET'),
  },
  {
    type: 'schema_drift',
    params: { rename: { status: 'state' }, drop: ['refund_id'] },
    dependency: 'applied',
    recorded: { kind: 'response', status: 201 },
    caller: (seen) => {
      expect(body(seen).status).toBe(201)
      expect(json(seen)).toEqual({ state: 'succeeded', order_id: 'ORD-1', amount: 40 })
    },
  },
  {
    type: 'success_without_effect',
    dependency: 'none',
    recorded: { kind: 'response', status: 201 },
    caller: expectTwinSuccess,
  },
  {
    type: 'inconsistent_state',
    dependency: 'partial',
    recorded: { kind: 'response', status: 500 },
    caller: (seen) => {
      expect(body(seen).status).toBe(500)
      expect(json(seen)).toMatchObject({ error: 'internal_server_error' })
    },
  },
  {
    type: 'applied_twice',
    dependency: 'twice',
    recorded: { kind: 'response', status: 201 },
    caller: expectTwinSuccess,
  },
  {
    type: 'business_rejection_in_200',
    params: { reason: 'card_declined' },
    dependency: 'none',
    recorded: { kind: 'response', status: 200 },
    caller: (seen) => {
      expect(body(seen).status).toBe(200)
      expect(json(seen)).toEqual({ status: 'rejected', reason: 'card_declined' })
    },
  },
  {
    type: 'accepted_not_committed',
    dependency: 'deferred',
    recorded: { kind: 'response', status: 202 },
    caller: (seen) => {
      expect(body(seen).status).toBe(202)
      expect(json(seen)).toEqual({ status: 'accepted' })
    },
  },
  {
    type: 'auth_expired',
    dependency: 'none',
    recorded: { kind: 'response', status: 401 },
    caller: (seen) => {
      expect(body(seen).status).toBe(401)
      expect(body(seen).headers.get('www-authenticate')).toMatchInlineSnapshot(
        `"Bearer error="invalid_token", error_description="The access token expired""`,
      )
    },
  },
  {
    type: 'idempotency_key_in_flight',
    dependency: 'none',
    recorded: { kind: 'response', status: 409 },
    caller: (seen) => {
      expect(body(seen).status).toBe(409)
      expect(body(seen).headers.get('content-type')).toBe('application/problem+json')
      expect(json(seen)).toMatchObject({ error: 'idempotency_key_in_flight' })
    },
  },
  {
    type: 'idempotency_key_mismatch',
    dependency: 'none',
    recorded: { kind: 'response', status: 422 },
    caller: (seen) => {
      expect(body(seen).status).toBe(422)
      expect(json(seen)).toMatchObject({ error: 'idempotency_key_mismatch' })
    },
  },
]

let network: Interception

beforeEach(() => {
  network = createInterception()
})

afterEach(() => {
  network.assertNoUnhandled()
  network.dispose()
})

function startTwin(...rules: FaultRuleInput[]): Twin {
  const faults = createFaultPolicy(rules, {
    seed: 0,
    toolNames: paymentsDocument.tools.map((tool) => tool.name),
  })
  const twin = createTwin(paymentsDocument, { faults })
  network.use(twin)
  return twin
}

describe('fault contracts over fetch', () => {
  it('cover every fault type in the catalog', () => {
    // Injections have their own contract (test/faults/injection-contract.test.ts).
    const injections = faultCatalog.filter((entry) => entry.injection).map((entry) => entry.type)
    const covered = [...contracts.map((contract) => contract.type), 'stale_read', ...injections]
    expect(covered.sort()).toEqual(faultCatalog.map((entry) => entry.type).sort())
  })

  it.each(contracts.map((contract) => [contract.type, contract] as const))(
    '%s: both facts hold',
    async (type, contract) => {
      const twin = startTwin(
        fault(type)
          .on('refund_payment')
          .at(1)
          .with(contract.params ?? {}),
      )
      const seen = await refund()

      contract.caller(seen)
      expect(order(twin)).toEqual(ORDER_AFTER[contract.dependency])
      const [record] = twin.records()
      if (!record) throw new Error('the call was not recorded')
      expect(record.fault).toEqual({
        ruleId: `${type}@refund_payment`,
        type,
        dependency: getEffect(type),
        caller: contract.recorded,
      })
      expect(record.status).toBe(contract.recorded.status ?? null)
      expect(record.changes.length > 0).toBe(
        contract.dependency !== 'none' && contract.dependency !== 'deferred',
      )
    },
  )
})

function getEffect(type: FaultTypeName): DependencyEffect {
  return faultCatalog.find((entry) => entry.type === type)!.dependency.effect
}

describe('fault contracts: variants that need more than one call', () => {
  it('stale_read: the order was refunded, the read still says paid', async () => {
    const twin = startTwin(fault('stale_read').on('get_order').at(1))
    expectTwinSuccess(await refund())
    const seen = await getOrder()

    expect(body(seen).status).toBe(200)
    expect(json(seen)).toEqual(ORDER_BEFORE)
    expect(order(twin)).toEqual(ORDER_AFTER.applied)
    expect(twin.records()[1]?.fault).toMatchObject({ type: 'stale_read', dependency: 'stale' })
    expect(json(await getOrder())).toEqual(ORDER_AFTER.applied)
  })

  it('accepted_not_committed with commitAfterCalls: the refund lands later', async () => {
    const twin = startTwin(
      fault('accepted_not_committed').on('refund_payment').with({ commitAfterCalls: 1 }),
    )
    expect(body(await refund()).status).toBe(202)
    expect(json(await getOrder())).toEqual(ORDER_BEFORE)
    expect(json(await getOrder())).toEqual(ORDER_AFTER.applied)
    expect(twin.records()[0]?.deferred).toMatchObject({ commitsAtSeq: 3, committed: true })
  })

  it('timeout_after_mutation with hang: the caller waits until its own signal aborts', async () => {
    const twin = startTwin(
      fault('timeout_after_mutation').on('refund_payment').with({ hang: true }),
    )
    const seen = await refund({ signal: AbortSignal.timeout(80) })

    if (seen.kind !== 'fetch-failed') throw new Error(`expected an abort, got ${seen.kind}`)
    expect((seen.error as Error).name).toBe('TimeoutError')
    expect(seen.ms).toBeGreaterThanOrEqual(70)
    expect(order(twin)).toEqual(ORDER_AFTER.applied)
    expect(twin.records()[0]?.fault?.caller).toEqual({ kind: 'no-response' })
  })

  it('inconsistent_state with reportSuccess: a 2xx over a half-applied change', async () => {
    const twin = startTwin(
      fault('inconsistent_state')
        .on('refund_payment')
        .with({ reportSuccess: true, keepEffects: 2 }),
    )
    expectTwinSuccess(await refund())
    expect(order(twin)).toEqual({ ...ORDER_BEFORE, status: 'refunded', refunded_amount: 40 })
  })

  it('empty_response with emptyBody: a status line and nothing else', async () => {
    const twin = startTwin(fault('empty_response').on('refund_payment').with({ emptyBody: true }))
    const seen = await refund()
    expect(body(seen).status).toBe(201)
    expect(body(seen).text).toBe('')
    expect(order(twin)).toEqual(ORDER_AFTER.applied)
  })

  it('malformed_json: res.json() rejects with a SyntaxError', async () => {
    startTwin(fault('malformed_json').on('refund_payment'))
    const response = await fetch(`${PAYMENTS_URL}/tools/refund_payment`, {
      method: 'POST',
      body: JSON.stringify({ order_id: 'ORD-1', amount: 40 }),
    })
    await expect(response.json()).rejects.toThrow(SyntaxError)
  })
})
