import { describe, expect, it } from 'vitest'
import { effectiveLabel, overrideApplies } from '../../src/judge/review.ts'
import { result } from '../compare/helpers/results.ts'

describe('effectiveLabel', () => {
  it('is the label itself when nobody overrode it', () => {
    const own = result('refund-count', 'STATE_MISMATCH', { critical: true })
    expect(effectiveLabel(own, [own])).toBe('STATE_MISMATCH')
  })

  it('takes a judge override to PASS when every deterministic critical check passes', () => {
    const judge = result('reply', 'FAIL', { type: 'judge', override: { label: 'PASS' } })
    const state = result('refund-count', 'PASS', { critical: true })
    expect(effectiveLabel(judge, [state, judge])).toBe('PASS')
    expect(overrideApplies(judge, [state, judge])).toBe(true)
  })

  it('refuses an override to PASS while a deterministic critical check still fails', () => {
    const judge = result('reply', 'FAIL', { type: 'judge', override: { label: 'PASS' } })
    const state = result('refund-count', 'FAIL', { critical: true })
    expect(effectiveLabel(judge, [state, judge])).toBe('FAIL')
    expect(overrideApplies(judge, [state, judge])).toBe(false)
  })

  it('refuses an override to PASS of a failing deterministic critical check itself', () => {
    const state = result('refund-count', 'STATE_MISMATCH', {
      critical: true,
      override: { label: 'PASS' },
    })
    expect(effectiveLabel(state, [])).toBe('STATE_MISMATCH')
  })

  it('lets a failing critical judge (not deterministic) be overridden to PASS', () => {
    const judge = result('reply', 'FAIL', {
      type: 'judge',
      critical: true,
      override: { label: 'PASS' },
    })
    expect(effectiveLabel(judge, [judge])).toBe('PASS')
  })

  it('always takes an override to a failing label (a reviewer may be stricter)', () => {
    const judge = result('reply', 'PASS', { type: 'judge', override: { label: 'FAIL' } })
    const state = result('refund-count', 'FAIL', { critical: true })
    expect(effectiveLabel(judge, [state, judge])).toBe('FAIL')
  })

  it('reads the original label from the override when the result carries the new one', () => {
    const judge = result('reply', 'PASS', { type: 'judge' })
    judge.override = { label: 'PASS', originalLabel: 'ERROR', reviewer: 'r', note: 'n' }
    const state = result('refund-count', 'FAIL', { critical: true })
    expect(effectiveLabel(judge, [state, judge])).toBe('ERROR')
  })
})
