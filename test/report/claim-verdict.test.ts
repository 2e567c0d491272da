import { describe, expect, it } from 'vitest'
import type { ReportedExpectation, SideReport } from '../../src/compare/report.ts'
import { claimVerdict } from '../../src/report/claim-verdict.ts'

function side(parts: Partial<SideReport>): SideReport {
  return {
    finished: true,
    failed: [],
    metrics: { latencyMs: 0, toolCalls: 1 },
    retries: { total: 0, byTool: {} },
    ...parts,
  }
}

const checked = (status: 'SUCCESS' | 'PARTIAL' | 'FAILURE' | 'UNKNOWN', verified = true) => ({
  status,
  verified,
  reason: 'every state-changing success changed state (add_note(...))',
})

const failedClaim = (label: ReportedExpectation['label']): ReportedExpectation => ({
  id: 'claim-backed',
  type: 'outcomeVerified',
  critical: true,
  label,
  message: `The agent claimed FAILURE, but the action happened: ${label}.`,
  evidence: null,
})

describe('claimVerdict', () => {
  it('a FAILURE claim with no update is never a verified SUCCESS', () => {
    const verdict = claimVerdict(side({ outcome: 'FAILURE', verified: checked('SUCCESS') }))
    expect(verdict?.standing).toBe('no-claim')
    expect(verdict?.words).toBe('FAILURE claimed, no success to back')
    expect(verdict?.words).not.toMatch(/^SUCCESS/)
  })

  it('uses the words of the failed claim expectation when there is one', () => {
    const verdict = claimVerdict(
      side({
        outcome: 'FAILURE',
        verified: checked('SUCCESS', false),
        failed: [failedClaim('UNREPORTED_EFFECT')],
      }),
    )
    expect(verdict).toMatchObject({ standing: 'contradicted', words: 'UNREPORTED_EFFECT' })
    expect(verdict?.reason).toMatchInlineSnapshot(
      `"The agent claimed FAILURE, but the action happened: UNREPORTED_EFFECT."`,
    )
    expect(claimVerdict(side({ failed: [failedClaim('ERROR')] }))?.standing).toBe('unverified')
  })

  it('backs a SUCCESS claim only with a verified SUCCESS', () => {
    const of = (status: 'SUCCESS' | 'PARTIAL' | 'FAILURE' | 'UNKNOWN', verified = true) =>
      claimVerdict(side({ outcome: 'SUCCESS', verified: checked(status, verified) }))
    expect(of('SUCCESS')).toMatchObject({ standing: 'backed', words: 'SUCCESS, backed by state' })
    expect(of('PARTIAL')).toMatchObject({
      standing: 'contradicted',
      words: 'SUCCESS claimed, verified PARTIAL',
    })
    expect(of('SUCCESS', false)?.standing).toBe('unverified')
    expect(of('UNKNOWN', false)?.standing).toBe('unverified')
  })

  it('a case that did not finish has nothing verified; no verification recorded is no verdict', () => {
    const unfinished = side({ finished: false, verified: checked('UNKNOWN', false) })
    expect(claimVerdict(unfinished)).toMatchObject({
      standing: 'unverified',
      words: 'not verified',
    })
    expect(claimVerdict(side({ outcome: 'SUCCESS' }))).toBeUndefined()
  })
})
