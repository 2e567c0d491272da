import { describe, expect, it } from 'vitest'
import type { FaultContext } from '../../src/core/fault-model.ts'
import type { JsonObject } from '../../src/core/json.ts'
import { createTwin, InvalidFaultParamError } from '../../src/twin/index.ts'
import type { TwinOptions } from '../../src/twin/types.ts'
import { fault, orders, policy, refundTool, tool, twinDocument } from './support/documents.ts'

const getOrder = tool(
  'get_order',
  { kind: 'read', target: 'orders.{order_id}' },
  { order_id: 'string' },
)
const bump = tool(
  'bump',
  {
    kind: 'mutate',
    target: 'orders.{order_id}',
    effects: [
      { op: 'increment', path: 'refunded', by: 5 },
      { op: 'append', path: 'tags', value: 'bumped' },
      { op: 'set', path: 'status', value: 'bumped' },
    ],
  },
  { order_id: 'string' },
)
const setStatus = tool(
  'set_status',
  {
    kind: 'mutate',
    target: 'orders.{order_id}',
    effects: [{ op: 'set', path: 'refunded', value: '{value}' }],
  },
  { order_id: 'string', value: 'string' },
)

function shop(options: TwinOptions = {}) {
  return createTwin(twinDocument([refundTool(), getOrder, bump, setStatus], orders()), options)
}

const o1 = (state: JsonObject) => (state.orders as JsonObject).o_1 as JsonObject
const refund = { tool: 'refund_order', args: { order_id: 'o_1', amount: 40 } }

describe('dependency effects', () => {
  it('none: nothing changes; the twin answer is what the caller would have got', () => {
    const refused = fault('none', {}, () => ({ kind: 'connection-error', code: 'ECONNREFUSED' }))
    const twin = shop({ faults: policy('refund_order', refused) })
    const { record, view } = twin.call(refund)
    expect(view).toEqual({ kind: 'connection-error', code: 'ECONNREFUSED' })
    expect(record).toMatchObject({
      status: null,
      response: null,
      twinAnswer: { status: 200, body: { refund_id: 'refund_order_1', refunded: 40 } },
      outcome: 'error',
      changes: [],
      fault: {
        ruleId: 'rule-none',
        type: 'test_none',
        dependency: 'none',
        caller: { kind: 'connection-error', code: 'ECONNREFUSED' },
      },
    })
    expect(twin.state()).toEqual(orders())
  })

  it('applied: the effect lands while the caller sees an error', () => {
    const timeout = fault('applied', {}, () => ({
      kind: 'response',
      status: 504,
      headers: {},
      body: 'gateway timeout',
    }))
    const twin = shop({ faults: policy('refund_order', timeout) })
    const { record } = twin.call(refund)
    expect(record).toMatchObject({
      status: 504,
      response: 'gateway timeout',
      outcome: 'success',
      fault: { dependency: 'applied', caller: { kind: 'response', status: 504 } },
    })
    expect(o1(twin.state())).toMatchObject({ status: 'refunded', refunded: 40 })
  })

  it('partial: keeps the first half of the effects by default, or keepEffects', () => {
    const half = shop({ faults: policy('bump', fault('partial')) })
    const halfRecord = half.call({ tool: 'bump', args: { order_id: 'o_1' } }).record
    expect(halfRecord.changes.map((c) => c.path)).toEqual([['orders', 'o_1', 'refunded']])
    expect(halfRecord.outcome).toBe('error')
    expect(o1(half.state())).toMatchObject({ refunded: 5, tags: ['new'], status: 'paid' })

    const two = shop({ faults: policy('bump', fault('partial', { keepEffects: 2 })) })
    two.call({ tool: 'bump', args: { order_id: 'o_1' } })
    expect(o1(two.state())).toMatchObject({ refunded: 5, tags: ['new', 'bumped'], status: 'paid' })
  })

  it('partial that keeps every effect records what happened: applied, a success', () => {
    const all = shop({ faults: policy('bump', fault('partial', { keepEffects: 99 })) })
    const { record } = all.call({ tool: 'bump', args: { order_id: 'o_1' } })
    expect(record.fault?.dependency).toBe('applied')
    expect(record.outcome).toBe('success')
    expect(o1(all.state())).toMatchObject({ refunded: 5, tags: ['new', 'bumped'] })
  })

  it('twice: increments double and appends land two times, in one 2xx', () => {
    const twin = shop({ faults: policy('bump', fault('twice')) })
    const { record } = twin.call({ tool: 'bump', args: { order_id: 'o_1' } })
    expect(record).toMatchObject({ status: 200, outcome: 'success' })
    expect(o1(twin.state())).toMatchObject({ refunded: 10, tags: ['new', 'bumped', 'bumped'] })
    expect(record.changes.map((c) => c.path)).toEqual([
      ['orders', 'o_1', 'refunded'],
      ['orders', 'o_1', 'tags'],
      ['orders', 'o_1', 'status'],
      ['orders', 'o_1', 'refunded'],
      ['orders', 'o_1', 'tags'],
    ])
  })

  it('deferred: staged, invisible until the commit before call seq + 1 + commitAfterCalls', () => {
    const accepted = fault('deferred', { commitAfterCalls: 1 })
    const twin = shop({ faults: policy('refund_order', accepted) })
    const first = twin.call(refund).record
    expect(first).toMatchObject({
      changes: [],
      outcome: 'error',
      deferred: {
        committed: false,
        commitsAtSeq: 3,
        changes: [
          { path: ['orders', 'o_1', 'status'], before: 'paid', after: 'refunded' },
          { path: ['orders', 'o_1', 'refunded'], before: 0, after: 40 },
        ],
      },
    })
    const read = twin.call({ tool: 'get_order', args: { order_id: 'o_1' } }).record
    expect(read.response).toMatchObject({ status: 'paid' })
    expect(twin.records()[0]!.deferred!.committed).toBe(false)
    const later = twin.call({ tool: 'get_order', args: { order_id: 'o_1' } }).record
    expect(later.response).toMatchObject({ status: 'refunded', refunded: 40 })
    expect(twin.records()[0]!.deferred).toMatchObject({ committed: true, commitsAtSeq: 3 })
  })

  it('deferred without commitAfterCalls never commits within the case', () => {
    const twin = shop({ faults: policy('refund_order', fault('deferred')) })
    twin.call(refund)
    for (let i = 0; i < 3; i++) twin.call({ tool: 'get_order', args: { order_id: 'o_1' } })
    expect(twin.state()).toEqual(orders())
    expect(twin.records()[0]!.deferred).not.toHaveProperty('commitsAtSeq')
  })

  it('deferred: a commit that cannot run says why and changes nothing', () => {
    const twin = shop({ faults: policy('bump', fault('deferred', { commitAfterCalls: 1 })) })
    twin.call({ tool: 'bump', args: { order_id: 'o_1' } })
    twin.call({ tool: 'set_status', args: { order_id: 'o_1', value: 'many' } })
    const before = twin.state()
    twin.call({ tool: 'get_order', args: { order_id: 'o_1' } })
    expect(twin.records()[0]!.deferred).toMatchObject({
      committed: false,
      commitError: expect.stringMatching(/refunded/),
    })
    expect(twin.state()).toEqual(before)
  })

  it('stale: a read answers from the state as it was versionsBehind mutations ago', () => {
    const twin = shop({ faults: policy('get_order', fault('stale'), [1]) })
    twin.call(refund)
    const stale = twin.call({ tool: 'get_order', args: { order_id: 'o_1' } }).record
    expect(stale.response).toMatchObject({ status: 'paid', refunded: 0 })
    expect(stale).toMatchObject({ outcome: 'success', fault: { dependency: 'stale' } })
    const fresh = twin.call({ tool: 'get_order', args: { order_id: 'o_1' } }).record
    expect(fresh.response).toMatchObject({ status: 'refunded' })

    const deeper = shop({ faults: policy('get_order', fault('stale', { versionsBehind: 2 })) })
    deeper.call({ tool: 'set_status', args: { order_id: 'o_1', value: 'a' } })
    deeper.call({ tool: 'set_status', args: { order_id: 'o_1', value: 'b' } })
    deeper.call({ tool: 'set_status', args: { order_id: 'o_1', value: 'c' } })
    const old = deeper.call({ tool: 'get_order', args: { order_id: 'o_1' } }).record
    expect(old.response).toMatchObject({ refunded: 'a' })
  })

  it('asks the policy for every call, with the per-tool call number, including invalid calls', () => {
    const seen: FaultContext[] = []
    const twin = shop({ faults: { decide: (context) => void seen.push(context) } })
    twin.call(refund)
    twin.call({ tool: 'get_order', args: { order_id: 'o_1' } })
    twin.call({ tool: 'refund_order', args: { order_id: 7 } })
    expect(seen.map((c) => [c.tool, c.callNumber])).toEqual([
      ['refund_order', 1],
      ['get_order', 1],
      ['refund_order', 2],
    ])
  })

  it('renders a fault on an invalid call from the 400 the twin gave', () => {
    const wrapped = fault('applied', {}, (answer) => ({
      kind: 'response',
      status: 502,
      headers: {},
      body: JSON.stringify({ upstream: answer.status }),
    }))
    const twin = shop({ faults: policy('refund_order', wrapped) })
    const { record } = twin.call({ tool: 'refund_order', args: {} })
    expect(record).toMatchObject({
      status: 502,
      response: { upstream: 400 },
      twinAnswer: { status: 400 },
    })
    expect(record.outcome).toBe('error')
  })

  it('throws INVALID_FAULT_PARAM for a param it cannot enact', () => {
    const twin = shop({ faults: policy('bump', fault('partial', { keepEffects: 'half' })) })
    expect(() => twin.call({ tool: 'bump', args: { order_id: 'o_1' } })).toThrow(
      InvalidFaultParamError,
    )
  })
})
