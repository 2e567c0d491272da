import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stateVersion } from '../../src/contract/index.ts'
import type { JsonValue } from '../../src/core/json.ts'

const order = {
  order_id: 'ORD-1001',
  refund_count: 1,
  refunds: [{ refund_id: 'rf_3', amount: 40 }],
  shipment: { carrier: 'Parcelway', delivered_at: '2025-12-22' },
  updated_at: '2026-02-02T10:00:03.000Z',
}

describe('state versions', () => {
  it('do not change with key order or insignificant whitespace', () => {
    const reordered = JSON.parse(`{
      "updated_at": "2026-02-02T10:00:03.000Z",
      "shipment": {   "delivered_at": "2025-12-22", "carrier": "Parcelway" },
      "refunds": [ { "amount": 40, "refund_id": "rf_3" } ],
      "refund_count": 1,
      "order_id":"ORD-1001"
    }`)
    expect(stateVersion(reordered)).toBe(stateVersion(order))
    expect(stateVersion(order)).toMatch(/^sha256:[0-9a-f]{64}$/)
  })

  it('drop declared volatile fields, and only those', () => {
    const later = { ...order, updated_at: '2026-02-02T10:09:59.000Z' }
    expect(stateVersion(later)).not.toBe(stateVersion(order))
    expect(stateVersion(later, ['updated_at'])).toBe(stateVersion(order, ['updated_at']))
    const refundedAgain = { ...order, refund_count: 2 }
    expect(stateVersion(refundedAgain, ['updated_at'])).not.toBe(
      stateVersion(order, ['updated_at']),
    )
  })

  it('change when any value changes, and are undefined for an absent entity', () => {
    expect(stateVersion({ ...order, refunds: [] })).not.toBe(stateVersion(order))
    expect(stateVersion(undefined)).toBeUndefined()
  })

  it('are the same for any permutation of keys (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const entries = Object.entries(value as Record<string, JsonValue>)
        const reversed = Object.fromEntries(entries.reverse())
        const spaced = JSON.parse(JSON.stringify(value, null, 3))
        return (
          stateVersion(reversed) === stateVersion(value as JsonValue) &&
          stateVersion(spaced) === stateVersion(value as JsonValue)
        )
      }),
    )
  })
})
