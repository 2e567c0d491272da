import { describe, expect, it } from 'vitest'
import type { FaultPolicy } from '../../src/core/fault-model.ts'
import type { TwinDocument } from '../../src/schema/twin-document.ts'
import { canonicalJson, createTwin } from '../../src/twin/index.ts'
import type { ToolCall } from '../../src/twin/types.ts'
import { fault, orders, refundTool, tool, twinDocument } from './support/documents.ts'

const document: TwinDocument = twinDocument(
  [
    refundTool({ idempotency: { argument: 'idempotency_key' }, effectKey: 'refund:{order_id}' }),
    tool('get_order', { kind: 'read', target: 'orders.{order_id}' }, { order_id: 'string' }),
    tool('list_orders', { kind: 'list', target: 'orders' }),
    tool(
      'add_note',
      { kind: 'create', collection: 'notes', value: { id: '{$id}', text: '{text}', at: '{$now}' } },
      { text: 'string' },
    ),
  ],
  orders(),
)

const calls: ToolCall[] = [
  { tool: 'add_note', args: { text: 'start' } },
  { tool: 'refund_order', args: { order_id: 'o_1', amount: 10, idempotency_key: 'k' } },
  { tool: 'refund_order', args: { order_id: 'o_1', amount: 10, idempotency_key: 'k' }, attempt: 2 },
  { tool: 'get_order', args: { order_id: 'o_1' } },
  { tool: 'refund_order', args: { order_id: 'o_2', amount: 'bad' } },
  { tool: 'list_orders', args: {} },
  { tool: 'add_note', args: { text: 'end' } },
  { tool: 'get_order', args: { order_id: 'o_1' } },
]

/** A policy that depends only on the tool and its call number, like the real rules. */
const faults: FaultPolicy = {
  decide: ({ tool: name, callNumber }) => {
    if (name === 'refund_order' && callNumber === 1) {
      return fault('applied', {}, () => ({ kind: 'response', status: 504, headers: {}, body: '' }))
    }
    if (name === 'get_order' && callNumber === 1) return fault('stale')
    if (name === 'add_note' && callNumber === 2) return fault('deferred', { commitAfterCalls: 0 })
    return undefined
  },
}

function run() {
  const twin = createTwin(document, {
    faults,
    stateOverrides: { orders: { o_2: { status: 'paid' } } },
  })
  const views = calls.map((call) => twin.call(call).view)
  return {
    records: JSON.stringify(twin.records()),
    state: JSON.stringify(twin.state()),
    views: JSON.stringify(views),
  }
}

describe('determinism', () => {
  it('gives byte-identical records, views and state for the same calls on two twins', () => {
    const one = run()
    const two = run()
    expect(two.records).toBe(one.records)
    expect(two.state).toBe(one.state)
    expect(two.views).toBe(one.views)
  })

  it('really exercised the faults, replays and IDs it compares', () => {
    const records = JSON.parse(run().records)
    expect(records.map((r: { replay: boolean }) => r.replay)).toEqual([
      false,
      false,
      true,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(records[1].fault.dependency).toBe('applied')
    expect(records[6].deferred.changes[0].path).toEqual(['notes', 'add_note_2'])
    expect(canonicalJson(records[0].response)).toBe(
      '{"at":"2026-01-01T00:00:00.000Z","id":"add_note_1","text":"start"}',
    )
  })

  it('does not depend on the wall clock', () => {
    const realNow = Date.now
    Date.now = () => 0
    try {
      const frozen = run()
      Date.now = () => 4_102_444_800_000
      expect(run().records).toBe(frozen.records)
    } finally {
      Date.now = realNow
    }
  })
})
