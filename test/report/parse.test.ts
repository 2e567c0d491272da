import { expect, it } from 'vitest'
import { InvalidReportError, parseComparisonReport } from '../../src/report/index.ts'

it('a report of the previous version is refused with how to regenerate it', () => {
  const old = JSON.stringify({ schema: 'agenttwin/comparison-report.v1', pairs: [], gate: {} })
  const read = () => parseComparisonReport(old, 'reports/old.json')
  expect(read).toThrow(InvalidReportError)
  expect(read).toThrow(
    /^reports\/old\.json:1:1 is a "agenttwin\/comparison-report\.v1" report, written by an older agenttwin; this version renders "agenttwin\/comparison-report\.v2"\. Fix: regenerate it by rerunning the tests/,
  )
})

it('a report of this version is read', () => {
  const text = JSON.stringify({
    schema: 'agenttwin/comparison-report.v2',
    pairs: [],
    gate: { verdict: 'PASS', reasons: [] },
    runs: {},
  })
  expect(parseComparisonReport(text, 'reports/agenttwin.json').gate.verdict).toBe('PASS')
})
