import { describe, expect, it } from 'vitest'
import { finishTwin } from '../../src/twin/create-twin.ts'
import {
  answerCall,
  createTwin,
  TwinDisposedError,
  UnknownToolError,
} from '../../src/twin/index.ts'
import type { Twin } from '../../src/twin/types.ts'
import { fault, orders, policy, refundTool, tool, twinDocument } from './support/documents.ts'

const createNote = tool(
  'create_note',
  { kind: 'create', collection: 'notes', value: { id: '{$id}', at: '{$now}', seq: '{$seq}' } },
  { text: 'string' },
)

describe('call records', () => {
  it('renders the effect key per call', () => {
    const twin = createTwin(
      twinDocument([refundTool({ effectKey: 'refund:{order_id}' })], orders()),
    )
    const first = twin.call({ tool: 'refund_order', args: { order_id: 'o_1', amount: 1 } }).record
    const second = twin.call({ tool: 'refund_order', args: { order_id: 'o_2', amount: 1 } }).record
    expect([first.effectKey, second.effectKey]).toEqual(['refund:o_1', 'refund:o_2'])
    const noKey = createTwin(twinDocument([refundTool()], orders()))
    expect(
      noKey.call({ tool: 'refund_order', args: { order_id: 'o_1', amount: 1 } }).record,
    ).not.toHaveProperty('effectKey')
  })

  it('counts IDs per prefix, so calls of other tools never shift them; time from the fixed clock', () => {
    const document = twinDocument(
      [createNote, { ...createNote, name: 'create_memo', idPrefix: 'memo-' }],
      {},
    )
    const twin = createTwin(document)
    const a = twin.call({ tool: 'create_note', args: {} }).record
    const b = twin.call({ tool: 'create_memo', args: {} }).record
    const c = twin.call({ tool: 'create_note', args: {} }).record
    expect([a, b, c].map((r) => [r.seq, r.at])).toEqual([
      [1, '2026-01-01T00:00:00.000Z'],
      [2, '2026-01-01T00:00:01.000Z'],
      [3, '2026-01-01T00:00:02.000Z'],
    ])
    expect([a, b, c].map((r) => r.response)).toEqual([
      { id: 'create_note_1', at: '2026-01-01T00:00:00.000Z', seq: 1 },
      { id: 'memo-1', at: '2026-01-01T00:00:01.000Z', seq: 2 },
      { id: 'create_note_2', at: '2026-01-01T00:00:02.000Z', seq: 3 },
    ])
  })

  it('gives the same ID to the n-th call of a tool whatever other tools ran before', () => {
    const document = twinDocument(
      [createNote, { ...createNote, name: 'create_memo', idPrefix: 'memo-' }],
      {},
    )
    const fewer = createTwin(document)
    fewer.call({ tool: 'create_note', args: {} })
    const more = createTwin(document)
    more.call({ tool: 'create_memo', args: {} })
    more.call({ tool: 'create_memo', args: {} })
    more.call({ tool: 'create_note', args: {} })
    expect(fewer.records()[0]!.response).toMatchObject({ id: 'create_note_1' })
    expect(more.records()[2]!.response).toMatchObject({ id: 'create_note_1', seq: 3 })
  })

  it('follows the document clock', () => {
    const document = twinDocument(
      [createNote],
      {},
      { clock: { start: '2030-06-01T12:00:00Z', stepMs: 250 } },
    )
    const twin = createTwin(document)
    twin.call({ tool: 'create_note', args: {} })
    const second = twin.call({ tool: 'create_note', args: {} }).record
    expect(second.at).toBe('2030-06-01T12:00:00.250Z')
  })

  it('gives each clock its own times when twins of several clocks take turns', () => {
    const slow = twinDocument(
      [createNote],
      {},
      { clock: { start: '2030-06-01T12:00:00Z', stepMs: 250 } },
    )
    const fast = twinDocument(
      [createNote],
      {},
      { clock: { start: '2030-06-01T12:00:00Z', stepMs: 10 } },
    )
    const timesOf = (twin: ReturnType<typeof createTwin>) =>
      [1, 2, 3].map(() => twin.call({ tool: 'create_note', args: {} }).record.at)
    for (let round = 0; round < 2; round++) {
      expect(timesOf(createTwin(slow))).toEqual([
        '2030-06-01T12:00:00.000Z',
        '2030-06-01T12:00:00.250Z',
        '2030-06-01T12:00:00.500Z',
      ])
      expect(timesOf(createTwin(fast))).toEqual([
        '2030-06-01T12:00:00.000Z',
        '2030-06-01T12:00:00.010Z',
        '2030-06-01T12:00:00.020Z',
      ])
    }
  })

  it('keeps counting the clock past the calls it remembers', () => {
    const twin = createTwin(twinDocument([createNote], {}))
    let last = ''
    for (let call = 0; call < 1030; call++)
      last = twin.call({ tool: 'create_note', args: {} }).record.at
    // Call 1030, a second apart from 2026-01-01T00:00:00Z.
    expect(last).toBe('2026-01-01T00:17:09.000Z')
  })

  it('refuses a clock start without a zone (it would depend on the machine)', () => {
    const document = twinDocument([createNote], {}, { clock: { start: '2030-06-01T12:00:00' } })
    expect(() => createTwin(document)).toThrow(/INVALID_CLOCK|zone/)
  })

  it('answers invalid input with a 400 body the agent can act on', () => {
    const twin = createTwin(twinDocument([refundTool()], orders()))
    const { record, view } = twin.call({ tool: 'refund_order', args: { amount: 'ten', extra: 1 } })
    expect(record.status).toBe(400)
    expect(record.response).toEqual({
      error: 'invalid_arguments',
      tool: 'refund_order',
      problems: [
        { path: 'order_id', message: 'is required' },
        { path: 'extra', message: 'is not an accepted argument' },
        { path: 'amount', message: 'must be number' },
      ],
      hint: 'Fix the arguments listed in problems and call refund_order again. It accepts: order_id (required), amount (required), idempotency_key.',
    })
    expect(view).toMatchObject({
      kind: 'response',
      status: 400,
      headers: { 'content-type': 'application/json' },
    })
  })

  it('throws UNKNOWN_TOOL listing the known tools', () => {
    const twin = createTwin(twinDocument([refundTool(), createNote], orders()))
    expect(() => twin.call({ tool: 'refund', args: {} })).toThrow(UnknownToolError)
    expect(() => twin.call({ tool: 'refund', args: {} })).toThrow(/refund_order, create_note/)
    expect(twin.records()).toEqual([])
  })

  it('hands out deep copies: changing them changes nothing inside the twin', () => {
    const twin = createTwin(twinDocument([refundTool()], orders()))
    const args = { order_id: 'o_1', amount: 40 }
    const outcome = twin.call({ tool: 'refund_order', args })
    args.amount = 1
    ;(outcome.record.changes[0] as { after: string }).after = 'tampered'
    const state = twin.state() as { orders: { o_1: { status: string } } }
    state.orders.o_1.status = 'tampered'
    twin.records()[0]!.args.order_id = 'tampered'
    expect(twin.records()[0]!.args).toEqual({ order_id: 'o_1', amount: 40 })
    expect(twin.records()[0]!.changes[0]).toMatchObject({ after: 'refunded' })
    expect(twin.state()).toMatchObject({ orders: { o_1: { status: 'refunded' } } })
  })

  it('starts every twin from fixtures merged with its own overrides, sharing nothing', () => {
    const document = twinDocument([refundTool()], orders())
    const one = createTwin(document, {
      stateOverrides: { orders: { o_1: { status: 'disputed' } } },
    })
    const two = createTwin(document)
    one.call({ tool: 'refund_order', args: { order_id: 'o_2', amount: 1 } })
    two.call({ tool: 'refund_order', args: { order_id: 'o_1', amount: 40 } })
    expect(one.initialState()).toMatchObject({ orders: { o_1: { status: 'disputed', total: 40 } } })
    expect(two.state()).toMatchObject({ orders: { o_1: { status: 'refunded' } } })
    expect(document.state).toEqual(orders())
  })

  it('takes faults set later in code for the calls that follow', () => {
    const twin = createTwin(twinDocument([refundTool()], orders()))
    twin.setFaults(
      policy(
        'refund_order',
        fault('none', {}, () => ({ kind: 'no-response' })),
      ),
    )
    expect(
      twin.call({ tool: 'refund_order', args: { order_id: 'o_1', amount: 1 } }).view.kind,
    ).toBe('no-response')
    twin.setFaults(undefined)
    expect(
      twin.call({ tool: 'refund_order', args: { order_id: 'o_1', amount: 1 } }).view.kind,
    ).toBe('response')
  })

  it('is disposed safely twice and refuses calls afterwards', () => {
    const twin = createTwin(twinDocument([refundTool()], orders()))
    expect(twin.disposed).toBe(false)
    twin.dispose()
    twin.dispose()
    expect(twin.disposed).toBe(true)
    expect(() => twin.call({ tool: 'refund_order', args: {} })).toThrow(TwinDisposedError)
  })

  it('hands its records and states over when finished, then refuses calls', () => {
    const twin = createTwin(twinDocument([refundTool()], orders()))
    twin.call({ tool: 'refund_order', args: { order_id: 'o_1', amount: 1 } })
    const expected = { records: twin.records(), initial: twin.initialState(), final: twin.state() }
    const finished = finishTwin(twin)
    expect(finished).toEqual({
      records: expected.records,
      initialState: expected.initial,
      finalState: expected.final,
    })
    expect(finished.finalState).not.toEqual(finished.initialState)
    expect(twin.disposed).toBe(true)
    expect(() => twin.call({ tool: 'refund_order', args: {} })).toThrow(TwinDisposedError)
    // The initial state is a copy: it shares nothing with the final one, so changing one leaves the other.
    const untouched = structuredClone(finished.finalState)
    for (const order of Object.values(finished.initialState.orders as object))
      order.note = 'changed'
    expect(finished.finalState).toEqual(untouched)
  })

  it('hands over copies, and is disposed, when it was not made by createTwin', () => {
    const twin = createTwin(twinDocument([refundTool()], orders()))
    twin.call({ tool: 'refund_order', args: { order_id: 'o_1', amount: 1 } })
    const wrapped: Twin = Object.create(twin)
    const finished = finishTwin(wrapped)
    expect(finished.records).toEqual(twin.records())
    expect(finished.finalState).toEqual(twin.state())
    expect(twin.disposed).toBe(true)
  })

  it('answers a transport with the view twin.call gives, recorded alike, and honours a call put in its place', () => {
    const viaCall = createTwin(twinDocument([refundTool()], orders()))
    const viaAnswer = createTwin(twinDocument([refundTool()], orders()))
    const call = { tool: 'refund_order', args: { order_id: 'o_1', amount: 40 } }
    expect(answerCall(viaAnswer, call)).toEqual(viaCall.call(call).view)
    expect(viaAnswer.records()).toEqual(viaCall.records())
    expect(viaAnswer.records()[0]!.twinAnswer.body).toEqual(viaAnswer.records()[0]!.response)

    const spied = createTwin(twinDocument([refundTool()], orders()))
    const seen: string[] = []
    const own = spied.call
    spied.call = (c) => {
      seen.push(c.tool)
      return own(c)
    }
    answerCall(spied, call)
    expect(seen).toEqual(['refund_order'])

    viaAnswer.dispose()
    expect(() => answerCall(viaAnswer, call)).toThrow(TwinDisposedError)
  })

  it('exposes the document surface', () => {
    const document = twinDocument([refundTool()], orders())
    const twin = createTwin(document)
    expect([twin.name, twin.baseUrl, twin.tools.map((t) => t.name)]).toEqual([
      'shop',
      'https://shop.test',
      ['refund_order'],
    ])
  })
})
