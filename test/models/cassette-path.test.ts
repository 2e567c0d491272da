import { expect, test } from 'vitest'
import { cassettePath } from '../../src/models/cassette.ts'

const agent = { name: 'support', version: '1.2.4' }

test('a cassette per case, version, trial and, when each side runs its own seeds, side', () => {
  expect(cassettePath('c', 'refund', agent)).toBe('c/refund/support@1.2.4.cassette.json')
  expect(cassettePath('c', 'refund', agent, 2)).toBe('c/refund/support@1.2.4.trial-2.cassette.json')
  expect(cassettePath('c', 'refund', agent, 0, 'agent', 'baseline')).toBe(
    'c/refund/support@1.2.4.baseline.cassette.json',
  )
  expect(cassettePath('c', 'refund', agent, 3, 'judge', 'candidate')).toBe(
    'c/refund/support@1.2.4.candidate.trial-3.judge.cassette.json',
  )
})
