import { describe, expect, it } from 'vitest'
import { countRetries, findRetries, isRetry, RecordIndexError } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import { call, runCase } from './support/case-run.ts'

const refund = { order_id: 'ORD-1001', amount: 40 }
const keyed = { ...refund, idempotency_key: 'rf-1' }

function retryFlags(records: Parameters<typeof isRetry>[0]): boolean[] {
  return records.map((_, index) => isRetry(records, index))
}

describe('the one retry definition', () => {
  it('counts a call whose attempt header is above 1, even as the first call of its tool', () => {
    const { records } = runCase({ calls: [call('refund_payment', refund, 2)] })
    expect(records[0]!.attempt).toBe(2)
    expect(retryFlags(records)).toEqual([true])
  })

  it('counts the same arguments after a failed call (server error)', () => {
    const { records } = runCase({
      calls: [call('refund_payment', refund), call('refund_payment', refund)],
      faults: [fault('server_error').on('refund_payment').at(1)],
    })
    expect(records[0]!.status).toBe(500)
    expect(retryFlags(records)).toEqual([false, true])
    expect(countRetries(records, 'refund_payment')).toBe(1)
  })

  it('counts the same arguments after a call that got no status (connection refused)', () => {
    const { records } = runCase({
      calls: [call('refund_payment', keyed), call('refund_payment', keyed)],
      faults: [fault('connection_refused').on('refund_payment').at(1)],
    })
    expect(records[0]!.status).toBeNull()
    expect(retryFlags(records)).toEqual([false, true])
  })

  it.each([
    ['malformed_json', 'unparseable'],
    ['partial_response', 'truncated'],
  ] as const)(
    'counts a re-send after a 200 whose body the caller could not read (%s)',
    (type, body) => {
      const { records } = runCase({
        calls: [call('refund_payment', keyed), call('refund_payment', keyed)],
        faults: [fault(type).on('refund_payment').at(1)],
      })
      expect(records[0]!.status).toBe(200)
      expect(records[0]!.fault?.caller).toMatchObject({ kind: 'response', status: 200, body })
      expect(retryFlags(records)).toEqual([false, true])
      expect(countRetries(records, 'refund_payment')).toBe(1)
    },
  )

  it('does not count a confirming re-read after a success', () => {
    const { records } = runCase({
      calls: [
        call('lookup_order', { order_id: 'ORD-1001' }),
        call('refund_payment', keyed),
        call('lookup_order', { order_id: 'ORD-1001' }),
      ],
    })
    expect(records.map((r) => r.status)).toEqual([200, 200, 200])
    expect(retryFlags(records)).toEqual([false, false, false])
    expect(countRetries(records)).toBe(0)
  })

  it('does not count different arguments after a failure', () => {
    const { records } = runCase({
      calls: [call('refund_payment', refund), call('refund_payment', { ...refund, amount: 20 })],
      faults: [fault('server_error').on('refund_payment').at(1)],
    })
    expect(retryFlags(records)).toEqual([false, false])
  })

  it('compares with the previous call of the same tool, across other tools in between', () => {
    const { records } = runCase({
      calls: [
        call('refund_payment', keyed),
        call('lookup_order', { order_id: 'ORD-1001' }),
        call('get_refund_policy'),
        call('refund_payment', keyed),
      ],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    expect(records[0]!.status).toBe(504)
    expect(retryFlags(records)).toEqual([false, false, false, true])
    expect(findRetries(records).map((r) => r.seq)).toEqual([4])
    expect(countRetries(records, 'lookup_order')).toBe(0)
  })

  it('only looks at the immediately previous call of the tool, not older failures', () => {
    const { records } = runCase({
      calls: [
        call('refund_payment', refund),
        call('refund_payment', { ...refund, amount: 20 }),
        call('refund_payment', refund),
      ],
      faults: [fault('server_error').on('refund_payment').at(1)],
    })
    // #2 (different amount) succeeded, so #3 follows a success: not a retry.
    expect(retryFlags(records)).toEqual([false, false, false])
  })

  it('counts a business rejection recorded as an error outcome as a failure', () => {
    const { records } = runCase({
      calls: [
        call('lookup_order', { order_id: 'ORD-404' }),
        call('lookup_order', { order_id: 'ORD-404' }),
      ],
    })
    expect(records[0]!.status).toBe(404)
    expect(retryFlags(records)).toEqual([false, true])
  })

  it('refuses an index outside the records', () => {
    const { records } = runCase({ calls: [call('get_refund_policy')] })
    expect(() => isRetry(records, 1)).toThrow(RecordIndexError)
    expect(() => isRetry(records, -1)).toThrow(/outside the 1 records/)
  })
})
