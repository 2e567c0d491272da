import { describe, expect, it } from 'vitest'
import { parseTwin } from '../../src/schema/index.ts'
import { createTwin } from '../../src/twin/index.ts'
import { tool, twinDocument } from './support/documents.ts'

const flights = {
  flights: {
    'FL-1': { route: 'BER-LIS', seats: 2 },
    'FL-2': { route: 'BER-OSL', seats: 0 },
  },
  bookings: {},
}

describe('list of an object map', () => {
  it('returns the items without their keys unless keyAs names a field for them', () => {
    const plain = tool('list_flights', { kind: 'list', target: 'flights' }, {})
    const keyed = tool('list_keyed', { kind: 'list', target: 'flights', keyAs: 'flight_id' }, {})
    const twin = createTwin(twinDocument([plain, keyed], flights))
    expect(twin.call({ tool: 'list_flights', args: {} }).record.response).toEqual({
      items: [
        { route: 'BER-LIS', seats: 2 },
        { route: 'BER-OSL', seats: 0 },
      ],
    })
    expect(twin.call({ tool: 'list_keyed', args: {} }).record.response).toEqual({
      items: [
        { flight_id: 'FL-1', route: 'BER-LIS', seats: 2 },
        { flight_id: 'FL-2', route: 'BER-OSL', seats: 0 },
      ],
    })
  })

  it('filters on the key field too', () => {
    const keyed = tool(
      'find_flight',
      { kind: 'list', target: 'flights', keyAs: 'flight_id', filter: { flight_id: '{flight_id}' } },
      { flight_id: 'string' },
    )
    const twin = createTwin(twinDocument([keyed], flights))
    const found = twin.call({ tool: 'find_flight', args: { flight_id: 'FL-2' } }).record.response
    expect(found).toEqual({ items: [{ flight_id: 'FL-2', route: 'BER-OSL', seats: 0 }] })
  })
})

describe('create with effects', () => {
  const book = tool(
    'book_seat',
    {
      kind: 'create',
      collection: 'bookings',
      value: { flight_id: '{flight_id}', passenger: '{passenger}' },
      preconditions: [
        {
          path: 'flights.{flight_id}.seats',
          gt: 0,
          error: { status: 409, body: { error: 'sold_out' } },
        },
      ],
      effects: [{ op: 'decrement', path: 'flights.{flight_id}.seats', by: 1 }],
    },
    { flight_id: 'string', passenger: 'string' },
  )

  it('creates the item and applies its effects in the same call, recording both changes', () => {
    const twin = createTwin(twinDocument([book], flights))
    const { record } = twin.call({
      tool: 'book_seat',
      args: { flight_id: 'FL-1', passenger: 'Ada' },
    })
    expect(record.status).toBe(201)
    expect(twin.state()).toMatchObject({
      flights: { 'FL-1': { seats: 1 } },
      bookings: { book_seat_1: { flight_id: 'FL-1', passenger: 'Ada' } },
    })
    expect(record.changes.map((change) => change.path)).toEqual([
      ['bookings', 'book_seat_1'],
      ['flights', 'FL-1', 'seats'],
    ])
  })

  it('changes nothing when a precondition fails', () => {
    const twin = createTwin(twinDocument([book], flights))
    const before = twin.state()
    const { record } = twin.call({
      tool: 'book_seat',
      args: { flight_id: 'FL-2', passenger: 'Bo' },
    })
    expect(record.status).toBe(409)
    expect(twin.state()).toEqual(before)
  })

  it('is accepted by the twin.v1 schema and its path checks', () => {
    const document = twinDocument([book], flights)
    const text = JSON.stringify({ ...document, apiVersion: 'agenttwin/twin.v1' })
    expect(parseTwin(text, 'flights.twin.json').tools[0]!.handler).toMatchObject({
      effects: [{ op: 'decrement' }],
    })
  })
})
