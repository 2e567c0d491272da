import { describe, expect, it } from 'vitest'
import { createTwin } from '../../src/twin/index.ts'
import { fault, orders, policy, refundTool, twinDocument } from './support/documents.ts'

function refundTwin(faults?: Parameters<typeof createTwin>[1]) {
  const document = twinDocument(
    [refundTool({ idempotency: { argument: 'idempotency_key' } })],
    orders(),
  )
  return createTwin(document, faults)
}

const refund = { order_id: 'o_1', amount: 40, idempotency_key: 'k-1' }

describe('idempotency', () => {
  it('answers a repeat with the same key and arguments from the store, marked as replay, without a second effect', () => {
    const twin = refundTwin()
    const first = twin.call({ tool: 'refund_order', args: refund }).record
    const stateAfterFirst = twin.state()
    const second = twin.call({ tool: 'refund_order', args: { ...refund }, attempt: 2 }).record
    expect(first.replay).toBe(false)
    expect(second).toMatchObject({
      replay: true,
      attempt: 2,
      idempotencyKey: 'k-1',
      status: 200,
      outcome: 'success',
      changes: [],
    })
    expect(second.response).toEqual(first.response)
    expect(twin.state()).toEqual(stateAfterFirst)
  })

  it('treats argument order as irrelevant but any other difference as a different request', () => {
    const twin = refundTwin()
    twin.call({ tool: 'refund_order', args: refund })
    const reordered = twin.call({
      tool: 'refund_order',
      args: { idempotency_key: 'k-1', amount: 40, order_id: 'o_1' },
    }).record
    expect(reordered.replay).toBe(true)
  })

  it('refuses the same key with different arguments with 422, no effect', () => {
    const twin = refundTwin()
    twin.call({ tool: 'refund_order', args: refund })
    const before = twin.state()
    const reused = twin.call({ tool: 'refund_order', args: { ...refund, amount: 10 } }).record
    expect(reused.status).toBe(422)
    expect(reused.response).toMatchObject({
      error: 'idempotency_key_reused',
      tool: 'refund_order',
      idempotencyKey: 'k-1',
    })
    expect(reused).toMatchObject({ replay: false, outcome: 'error', changes: [] })
    expect(twin.state()).toEqual(before)
  })

  it('keeps keys apart per key value: a new key runs the handler again', () => {
    const twin = refundTwin()
    twin.call({ tool: 'refund_order', args: refund })
    const other = twin.call({
      tool: 'refund_order',
      args: { ...refund, idempotency_key: 'k-2' },
    }).record
    expect(other.replay).toBe(false)
    expect(other.status).toBe(409)
  })

  it('does not store a rejected attempt: after the precondition holds, the same key executes', () => {
    const twin = refundTwin()
    const args = { order_id: 'o_2', amount: 5, idempotency_key: 'k-3' }
    expect(twin.call({ tool: 'refund_order', args }).record.status).toBe(409)
    const retry = twin.call({ tool: 'refund_order', args }).record
    expect(retry).toMatchObject({ status: 409, replay: false })
  })

  it('after a timeout that changed the state, the retry is a replay of the success the caller never saw', () => {
    const timeout = fault('applied', {}, () => ({ kind: 'no-response' }))
    const twin = refundTwin({ faults: policy('refund_order', timeout, [1]) })
    const first = twin.call({ tool: 'refund_order', args: refund }).record
    expect(first).toMatchObject({ status: null, response: null, outcome: 'success' })
    expect(first.changes).toHaveLength(2)
    const retry = twin.call({ tool: 'refund_order', args: refund, attempt: 2 }).record
    expect(retry).toMatchObject({ replay: true, status: 200, changes: [] })
    expect(retry.response).toEqual(first.twinAnswer.body)
  })

  it('stores nothing for an attempt that never reached the dependency (effect none)', () => {
    const refused = fault('none', {}, () => ({ kind: 'connection-error', code: 'ECONNREFUSED' }))
    const twin = refundTwin({ faults: policy('refund_order', refused, [1]) })
    const first = twin.call({ tool: 'refund_order', args: refund }).record
    expect(first).toMatchObject({ changes: [], outcome: 'error', status: null })
    const retry = twin.call({ tool: 'refund_order', args: refund }).record
    expect(retry).toMatchObject({ replay: false, status: 200 })
    expect(retry.changes).toHaveLength(2)
  })

  it('records the key even when the arguments are invalid', () => {
    const twin = refundTwin()
    const { record } = twin.call({ tool: 'refund_order', args: { ...refund, amount: 'x' } })
    expect(record).toMatchObject({ status: 400, idempotencyKey: 'k-1' })
  })
})
