import { describe, expect, it } from 'vitest'
import { type CaseClass, classifyCase } from '../../src/compare/classify.ts'
import type { ExpectationResult } from '../../src/core/expectation-result.ts'
import { result } from './helpers/results.ts'

const classify = (
  baseline: ExpectationResult[],
  candidate: ExpectationResult[],
  finished: { baseline?: boolean; candidate?: boolean } = {},
) =>
  classifyCase({
    baseline: { finished: finished.baseline ?? true, results: baseline },
    candidate: { finished: finished.candidate ?? true, results: candidate },
  })

describe('classifyCase', () => {
  const rows: Array<[string, ExpectationResult[], ExpectationResult[], CaseClass]> = [
    [
      'a critical PASS turns FAIL',
      [result('count', 'PASS', { critical: true }), result('order', 'PASS')],
      [result('count', 'FAIL', { critical: true }), result('order', 'FAIL')],
      'NEW_CRITICAL_FAILURE',
    ],
    [
      'a critical PASS turns HALLUCINATED_SUCCESS',
      [result('backed', 'PASS', { critical: true, type: 'outcomeVerified' })],
      [result('backed', 'HALLUCINATED_SUCCESS', { critical: true, type: 'outcomeVerified' })],
      'NEW_CRITICAL_FAILURE',
    ],
    [
      'a non-critical PASS turns FAIL',
      [result('count', 'PASS', { critical: true }), result('order', 'PASS', { type: 'callOrder' })],
      [result('count', 'PASS', { critical: true }), result('order', 'FAIL', { type: 'callOrder' })],
      'REGRESSED',
    ],
    [
      'a regression with an improvement beside it is still a regression',
      [result('a', 'FAIL'), result('b', 'PASS')],
      [result('a', 'PASS'), result('b', 'FAIL')],
      'REGRESSED',
    ],
    [
      'a FAIL turns PASS and nothing got worse',
      [result('count', 'FAIL', { critical: true }), result('order', 'PASS')],
      [result('count', 'PASS', { critical: true }), result('order', 'PASS')],
      'IMPROVED',
    ],
    [
      'everything the same',
      [result('a', 'PASS'), result('b', 'FAIL')],
      [result('a', 'PASS'), result('b', 'FAIL')],
      'UNCHANGED',
    ],
    [
      'a failure that changes its label stays a failure',
      [result('backed', 'STATE_MISMATCH', { critical: true })],
      [result('backed', 'FAIL', { critical: true })],
      'UNCHANGED',
    ],
    [
      'a judge ERROR and nothing else failed',
      [result('a', 'PASS'), result('reply', 'PASS', { type: 'judge' })],
      [result('a', 'PASS'), result('reply', 'ERROR', { type: 'judge' })],
      'INCOMPLETE',
    ],
    [
      'a FAIL that turns ERROR is not a pass',
      [result('reply', 'FAIL', { type: 'judge' })],
      [result('reply', 'ERROR', { type: 'judge' })],
      'INCOMPLETE',
    ],
    [
      'an ERROR on both sides is unknown, not unchanged',
      [result('reply', 'ERROR', { type: 'judge' })],
      [result('reply', 'ERROR', { type: 'judge' })],
      'INCOMPLETE',
    ],
    [
      'an ERROR does not hide a regression',
      [result('reply', 'PASS', { type: 'judge' }), result('count', 'PASS', { critical: true })],
      [result('reply', 'ERROR', { type: 'judge' }), result('count', 'FAIL', { critical: true })],
      'NEW_CRITICAL_FAILURE',
    ],
    [
      'an improvement next to an ERROR cannot say nothing got worse',
      [result('a', 'FAIL'), result('reply', 'PASS', { type: 'judge' })],
      [result('a', 'PASS'), result('reply', 'ERROR', { type: 'judge' })],
      'INCOMPLETE',
    ],
    [
      'an expectation only one side has is unknown',
      [result('a', 'PASS')],
      [result('a', 'PASS'), result('b', 'PASS')],
      'INCOMPLETE',
    ],
    [
      'an applied judge override turns a FAIL into an improvement',
      [result('reply', 'FAIL', { type: 'judge' }), result('count', 'PASS', { critical: true })],
      [
        result('reply', 'FAIL', { type: 'judge', override: { label: 'PASS' } }),
        result('count', 'PASS', { critical: true }),
      ],
      'IMPROVED',
    ],
    [
      'a refused override (critical state check fails) leaves the case a new critical failure',
      [result('reply', 'PASS', { type: 'judge' }), result('count', 'PASS', { critical: true })],
      [
        result('reply', 'FAIL', { type: 'judge', override: { label: 'PASS' } }),
        result('count', 'FAIL', { critical: true }),
      ],
      'NEW_CRITICAL_FAILURE',
    ],
    [
      'a refused override cannot make a still failing case look improved',
      [result('reply', 'FAIL', { type: 'judge' }), result('count', 'FAIL', { critical: true })],
      [
        result('reply', 'FAIL', { type: 'judge', override: { label: 'PASS' } }),
        result('count', 'FAIL', { critical: true }),
      ],
      'UNCHANGED',
    ],
    [
      'an override to FAIL makes a regression',
      [result('reply', 'PASS', { type: 'judge' })],
      [result('reply', 'PASS', { type: 'judge', override: { label: 'FAIL' } })],
      'REGRESSED',
    ],
  ]

  it.each(rows)('%s', (_name, baseline, candidate, expected) => {
    expect(classify(baseline, candidate).classification).toBe(expected)
  })

  it('calls a case INCOMPLETE when a side did not finish, whatever its expectations say', () => {
    const passing = [result('a', 'PASS', { critical: true })]
    const failing = [result('a', 'FAIL', { critical: true })]
    const outcome = classify(passing, failing, { candidate: false })
    expect(outcome.classification).toBe('INCOMPLETE')
    expect(outcome.reason).toBe('the candidate did not finish')
    expect(classify(passing, passing, { baseline: false, candidate: false }).reason).toBe(
      'neither side finished',
    )
  })

  it('says why, naming the expectation and both labels', () => {
    const outcome = classify(
      [result('refund-count', 'PASS', { critical: true })],
      [result('refund-count', 'STATE_MISMATCH', { critical: true })],
    )
    expect(outcome.reason).toBe(
      'critical expectation refund-count is PASS on the baseline and STATE_MISMATCH on the candidate',
    )
    expect(outcome.changes).toEqual([
      {
        id: 'refund-count',
        type: 'state',
        critical: true,
        baseline: 'PASS',
        candidate: 'STATE_MISMATCH',
        change: 'regressed',
      },
    ])
  })
})
