import { describe, expect, it } from 'vitest'
import type { JsonObject, JsonValue } from '../../src/core/json.ts'
import type { TwinDocument } from '../../src/schema/twin-document.ts'
import { createTwin } from '../../src/twin/index.ts'
import type { TwinAdapter } from '../../src/twin/types.ts'
import { orders, refundTool, tool, twinDocument } from './support/documents.ts'

interface KindCase {
  kind: string
  document: TwinDocument
  tool: string
  success: { args: JsonObject; status: number; body: JsonValue; changes: string[][] }
  /** Not found or a failing precondition: answered, nothing changed. */
  failure?: { args: JsonObject; status: number; body: JsonValue }
  /** Arguments the input schema rejects. */
  invalid: JsonObject
}

const archive: TwinAdapter = {
  handle: ({ args, get, set }): ReturnType<TwinAdapter['handle']> => {
    const order = get(`orders.${String(args.order_id)}`)
    if (order === undefined) return { status: 404, body: { error: 'no_order' } }
    set(`orders.${String(args.order_id)}.archived`, true)
    return { status: 200, body: { archived: args.order_id as string } }
  },
}

const cases: KindCase[] = [
  {
    kind: 'static',
    document: twinDocument([
      tool(
        'ping',
        { kind: 'static', response: { status: 200, body: { pong: '{who}' } } },
        { who: 'string' },
      ),
    ]),
    tool: 'ping',
    success: { args: { who: 'me' }, status: 200, body: { pong: 'me' }, changes: [] },
    invalid: { who: 1 },
  },
  {
    kind: 'read',
    document: twinDocument(
      [tool('get_order', { kind: 'read', target: 'orders.{order_id}' }, { order_id: 'string' })],
      orders(),
    ),
    tool: 'get_order',
    success: {
      args: { order_id: 'o_2' },
      status: 200,
      body: (orders().orders as JsonObject).o_2!,
      changes: [],
    },
    failure: {
      args: { order_id: 'o_9' },
      status: 404,
      body: { error: 'not_found', tool: 'get_order', path: 'orders.o_9' },
    },
    invalid: { order_id: 7 },
  },
  {
    kind: 'list',
    document: twinDocument(
      [
        tool(
          'list_orders',
          { kind: 'list', target: 'orders', filter: { status: '{status}' } },
          { status: 'string' },
        ),
      ],
      orders(),
    ),
    tool: 'list_orders',
    success: {
      args: { status: 'shipped' },
      status: 200,
      body: { items: [(orders().orders as JsonObject).o_2!] },
      changes: [],
    },
    invalid: { status: false },
  },
  {
    kind: 'create',
    document: twinDocument(
      [
        tool(
          'create_note',
          {
            kind: 'create',
            collection: 'notes',
            key: '{slug}',
            value: { id: '{$id}', text: '{text}', at: '{$now}' },
            preconditions: [
              { path: 'open', equals: true, error: { status: 423, body: { error: 'closed' } } },
            ],
          },
          { text: 'string', slug: 'string' },
        ),
      ],
      { open: true, notes: { taken: { id: 'old' } } },
    ),
    tool: 'create_note',
    success: {
      args: { slug: 'n1', text: 'hi' },
      status: 201,
      body: { id: 'create_note_1', text: 'hi', at: '2026-01-01T00:00:00.000Z' },
      changes: [['notes', 'n1']],
    },
    failure: {
      args: { slug: 'taken', text: 'again' },
      status: 409,
      body: { error: 'conflict', tool: 'create_note', path: 'notes.taken' },
    },
    invalid: { text: ['no'] },
  },
  {
    kind: 'mutate',
    document: twinDocument([refundTool()], orders()),
    tool: 'refund_order',
    success: {
      args: { order_id: 'o_1', amount: 40 },
      status: 200,
      body: { refund_id: 'refund_order_1', refunded: 40 },
      changes: [
        ['orders', 'o_1', 'status'],
        ['orders', 'o_1', 'refunded'],
      ],
    },
    failure: {
      args: { order_id: 'o_2', amount: 5 },
      status: 409,
      body: { error: 'not_refundable', status: 'shipped' },
    },
    invalid: { order_id: 'o_1', amount: -1 },
  },
  {
    kind: 'delete',
    document: twinDocument(
      [
        tool(
          'delete_order',
          {
            kind: 'delete',
            target: 'orders.{order_id}',
            notFound: { status: 410, body: { error: 'gone', order: '{order_id}' } },
          },
          { order_id: 'string' },
        ),
      ],
      orders(),
    ),
    tool: 'delete_order',
    success: {
      args: { order_id: 'o_2' },
      status: 200,
      body: { deleted: true },
      changes: [['orders', 'o_2']],
    },
    failure: { args: { order_id: 'o_9' }, status: 410, body: { error: 'gone', order: 'o_9' } },
    invalid: { order_id: null },
  },
  {
    kind: 'adapter',
    document: twinDocument(
      [tool('archive', { kind: 'adapter', adapter: 'archive' }, { order_id: 'string' })],
      orders(),
    ),
    tool: 'archive',
    success: {
      args: { order_id: 'o_1' },
      status: 200,
      body: { archived: 'o_1' },
      changes: [['orders', 'o_1', 'archived']],
    },
    failure: { args: { order_id: 'o_9' }, status: 404, body: { error: 'no_order' } },
    invalid: { order_id: 1 },
  },
]

const recordKeys = [
  'seq',
  'tool',
  'risk',
  'args',
  'attempt',
  'at',
  'replay',
  'status',
  'response',
  'twinAnswer',
  'outcome',
  'changes',
]

describe.each(cases)('handler kind $kind', (kindCase) => {
  const twin = () => createTwin(kindCase.document, { adapters: new Map([['archive', archive]]) })

  it('answers a valid call and records what the caller saw', () => {
    const t = twin()
    const { record, view } = t.call({ tool: kindCase.tool, args: kindCase.success.args })
    expect(view.kind).toBe('response')
    expect(record.status).toBe(kindCase.success.status)
    expect(record.response).toEqual(kindCase.success.body)
    expect(record.twinAnswer).toEqual({
      status: kindCase.success.status,
      body: kindCase.success.body,
    })
    expect(view.kind === 'response' && JSON.parse(view.body)).toEqual(kindCase.success.body)
    expect(record.outcome).toBe('success')
    expect(record.changes.map((change) => change.path)).toEqual(kindCase.success.changes)
  })

  it('changes the state exactly as the record says', () => {
    const t = twin()
    const before = t.state()
    const { record } = t.call({ tool: kindCase.tool, args: kindCase.success.args })
    const after = t.state()
    if (record.changes.length === 0) expect(after).toEqual(before)
    else expect(after).not.toEqual(before)
    expect(t.initialState()).toEqual(before)
  })

  it('has a record of exactly the CallRecord fields, as plain JSON', () => {
    const { record } = twin().call({ tool: kindCase.tool, args: kindCase.success.args })
    expect(Object.keys(record).sort()).toEqual([...recordKeys].sort())
    expect(JSON.parse(JSON.stringify(record))).toEqual(record)
    expect(record).toMatchObject({ seq: 1, tool: kindCase.tool, attempt: 1, replay: false })
  })

  it('answers 400 to invalid arguments, recorded, nothing changed', () => {
    const t = twin()
    const before = t.state()
    const { record } = t.call({ tool: kindCase.tool, args: kindCase.invalid })
    expect(record.status).toBe(400)
    expect(record.response).toMatchObject({ error: 'invalid_arguments', tool: kindCase.tool })
    expect(record.outcome).toBe('error')
    expect(record.changes).toEqual([])
    expect(t.state()).toEqual(before)
    expect(t.records()).toHaveLength(1)
  })

  it.runIf(kindCase.failure)('answers a not-found or failed precondition, nothing changed', () => {
    const failure = kindCase.failure!
    const t = twin()
    const before = t.state()
    const { record } = t.call({ tool: kindCase.tool, args: failure.args })
    expect(record.status).toBe(failure.status)
    expect(record.response).toEqual(failure.body)
    expect(record.outcome).toBe('error')
    expect(record.changes).toEqual([])
    expect(t.state()).toEqual(before)
  })
})

describe('create preconditions', () => {
  it('checks preconditions against the root before storing anything', () => {
    const document = twinDocument(
      [
        tool(
          'create_note',
          {
            kind: 'create',
            collection: 'notes',
            value: { text: '{text}' },
            preconditions: [
              { path: 'open', equals: true, error: { status: 423, body: { error: 'closed' } } },
            ],
          },
          { text: 'string' },
        ),
      ],
      { open: false, notes: {} },
    )
    const twin = createTwin(document)
    const { record } = twin.call({ tool: 'create_note', args: { text: 'hi' } })
    expect(record).toMatchObject({ status: 423, response: { error: 'closed' }, changes: [] })
    expect(twin.state()).toEqual({ open: false, notes: {} })
  })
})
