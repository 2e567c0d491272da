import { describe, expect, it } from 'vitest'
import { closestName, editDistance } from '../../src/faults/closest.ts'

describe('closestName', () => {
  it('counts edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
  })

  it('suggests a near name, a containing name, or nothing', () => {
    expect(closestName('rate_limitd', ['stale_read', 'rate_limited'])).toBe('rate_limited')
    expect(closestName('retryAfter', ['retryAfterSeconds'])).toBe('retryAfterSeconds')
    expect(closestName('Refund_Payment', ['refund_payment'])).toBe('refund_payment')
    expect(closestName('explode', ['rate_limited', 'stale_read'])).toBeUndefined()
    expect(closestName('x', [])).toBeUndefined()
  })
})
