import { describe, expect, it } from 'vitest'
import { evaluateMaxRetries } from '../../src/evaluate/index.ts'
import { fault } from '../../src/faults/index.ts'
import type { MaxRetriesExpectation } from '../../src/schema/scenario-document.ts'
import { call, runCase } from './support/case-run.ts'

const refund = { order_id: 'ORD-1001', amount: 40 }
const expectation: MaxRetriesExpectation = {
  id: 'no-blind-retry',
  type: 'maxRetries',
  tool: 'refund_payment',
  max: 0,
}
const lookup = call('lookup_order', { order_id: 'ORD-1001' })

describe('maxRetries', () => {
  it('passes with a confirming re-read after a success (Retries 0)', () => {
    const run = runCase({ calls: [lookup, call('refund_payment', refund), lookup] })
    const result = evaluateMaxRetries(expectation, run)
    expect(result).toMatchObject({
      label: 'PASS',
      message: 'refund_payment was retried 0 times in 1 call, within the limit of 0.',
    })
  })

  it('fails for a blind retry after a timeout', () => {
    const run = runCase({
      calls: [call('refund_payment', refund), call('refund_payment', refund)],
      faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
    })
    const result = evaluateMaxRetries(expectation, run)
    expect(result.label).toBe('FAIL')
    expect(result.message).toBe(
      'refund_payment was retried 1 time (#2) in 2 calls, at most 0 allowed.',
    )
    expect(result.evidence).toMatchObject({ tool: 'refund_payment', max: 0, calls: [1, 2] })
  })

  it('counts attempts the caller marked, within a higher limit', () => {
    const run = runCase({
      calls: [
        call('refund_payment', refund),
        lookup,
        call('refund_payment', refund, 2),
        call('refund_payment', refund, 3),
      ],
      faults: [fault('server_error').on('refund_payment').at(1, 2)],
    })
    const atMostOne = evaluateMaxRetries({ ...expectation, max: 1 }, run)
    expect(atMostOne.message).toBe(
      'refund_payment was retried 2 times (#3 and #4) in 3 calls, at most 1 allowed.',
    )
    expect(evaluateMaxRetries({ ...expectation, max: 2 }, run).label).toBe('PASS')
  })

  it('is an ERROR for a tool the twin does not have', () => {
    const run = runCase({ calls: [lookup] })
    expect(evaluateMaxRetries({ ...expectation, tool: 'refund' }, run).label).toBe('ERROR')
  })
})
