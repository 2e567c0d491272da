import { describe, expect, it } from 'vitest'
import {
  checkOutcome,
  checkOutcomeLines,
  type OutcomeRow,
  stateVersion,
} from '../../src/contract/index.ts'
import { loadContractSync } from '../../src/schema/index.ts'
import { goodRow, jsonl } from './support/outcome-rows.ts'

const refundContract = loadContractSync(
  new URL('../../examples/outcome-contracts/contracts/refund-order.contract.yaml', import.meta.url)
    .pathname,
)
const contracts = new Map([[refundContract.contract_id, refundContract]])

async function rowsOf(lines: string[], options = {}) {
  const rows: OutcomeRow[] = []
  const malformed: { line: number; reason: string }[] = []
  const summary = await checkOutcomeLines(lines, {
    ...options,
    onRow: (row) => rows.push(row),
    onMalformed: (m) => malformed.push(m),
  })
  return { rows, malformed, summary }
}

describe('checking one recorded outcome', () => {
  it('passes a committed, matching, fully evidenced row whose claim is allowed', () => {
    const check = checkOutcome(goodRow())
    expect(check.verdicts).toEqual({
      execution_ok: 'pass',
      state_ok: 'pass',
      claim_ok: 'pass',
      evidence_complete: true,
    })
    expect(check.passed).toBe(true)
  })

  it('does not let execution_status unknown pass', () => {
    const check = checkOutcome(goodRow({ execution_status: 'unknown' }))
    expect(check.verdicts.execution_ok).toBe('unknown')
    expect(check.passed).toBe(false)
    expect(check.reasons.execution_ok[0]).toMatch(/"unknown" proves nothing/)
  })

  it('treats a missing or unheard-of execution status as unknown, never as a pass', () => {
    expect(checkOutcome(goodRow({ execution_status: undefined })).verdicts.execution_ok).toBe(
      'unknown',
    )
    expect(checkOutcome(goodRow({ execution_status: 'maybe' })).verdicts.execution_ok).toBe(
      'unknown',
    )
    expect(checkOutcome(goodRow({ execution_status: 'failed' })).verdicts.execution_ok).toBe('fail')
  })

  it('fails a state mismatch whether or not the agent claimed success', () => {
    const mismatch = { observed_state: { refund_count: 2, refunded_amount: 80 } }
    for (const claim of ['updated', 'none', 'failed', 'pending']) {
      const check = checkOutcome(goodRow({ ...mismatch, claim_class: claim }))
      expect(check.verdicts.state_ok, claim).toBe('fail')
      expect(check.passed, claim).toBe(false)
    }
    const check = checkOutcome(goodRow({ ...mismatch, claim_class: 'none' }))
    expect(check.reasons.state_ok[0]).toBe(
      'committed, but the observed state differs from the expected state: refund_count is 2, expected 1; refunded_amount is 80, expected 40',
    )
  })

  it('flags a rejected operation whose observed state equals its target', () => {
    const check = checkOutcome(
      goodRow({ execution_status: 'failed', commit_status: 'rejected', claim_class: 'failed' }),
    )
    expect(check.verdicts.state_ok).toBe('fail')
    expect(check.reasons.state_ok[0]).toMatch(/^rejected, yet the observed state equals the target/)
  })

  it('reads "all taken care of" as a success claim, not as no claim', () => {
    const pending = goodRow({
      commit_status: 'pending',
      claim_class: undefined,
      claim_text: 'All taken care of! You will see the money in a few days.',
    })
    const check = checkOutcome(pending)
    expect(check.verdicts.claim_ok).toBe('fail')
    expect(check.reasons.claim_ok[0]).toMatch(/^a success claim with commit_status pending/)
  })

  it('fails a success claim without a committed, matching, fully evidenced state', () => {
    const incomplete = checkOutcome(goodRow({ evidence_status: 'partial' }))
    expect(incomplete.verdicts).toMatchObject({ claim_ok: 'fail', evidence_complete: false })
    const stale = checkOutcome(goodRow({ observed_state: { refund_count: 0, refunded_amount: 0 } }))
    expect(stale.verdicts.claim_ok).toBe('fail')
    const honest = checkOutcome(
      goodRow({ observed_state: { refund_count: 0, refunded_amount: 0 }, claim_class: 'failed' }),
    )
    expect(honest.verdicts.claim_ok).toBe('fail')
    expect(honest.reasons.claim_ok[0]).toMatch(/allowed then: success, none/)
  })

  it('allows only the pending claim while the operation is pending, and the state stays unknown', () => {
    const check = checkOutcome(
      goodRow({ commit_status: 'pending', claim_class: 'awaiting_confirmation' }),
    )
    expect(check.verdicts).toMatchObject({ state_ok: 'unknown', claim_ok: 'pass' })
    expect(check.passed).toBe(false)
  })

  it('says the claim is unknown when the row carries none', () => {
    const check = checkOutcome(goodRow({ claim_class: undefined }))
    expect(check.verdicts.claim_ok).toBe('unknown')
    expect(checkOutcome(goodRow({ claim_class: 'teleported' })).verdicts.claim_ok).toBe('unknown')
  })

  it('needs every linkage field for complete evidence', () => {
    const check = checkOutcome(goodRow({ trace_id: undefined, checker_version: '' }))
    expect(check.verdicts.evidence_complete).toBe(false)
    expect(check.reasons.evidence).toEqual(['linkage missing: trace_id, checker_version'])
  })

  it('checks a sha256 state_version against the observed state, whatever its key order', () => {
    const observed = { refunded_amount: 40, refund_count: 1 }
    const version = stateVersion({ refund_count: 1, refunded_amount: 40 })!
    expect(checkOutcome(goodRow({ observed_state: observed, state_version: version })).passed).toBe(
      true,
    )
    const wrong = checkOutcome(goodRow({ state_version: stateVersion({ refund_count: 0 }) }))
    expect(wrong.verdicts.evidence_complete).toBe(false)
    expect(wrong.reasons.evidence[0]).toMatch(/^state_version is not the digest/)
  })

  it('uses the contract: its volatile fields drop out, a missing contract leaves the claim unknown', () => {
    const moving = goodRow({
      expected_state: { refund_count: 1, updated_at: '2026-02-02T10:00:00Z' },
      observed_state: { refund_count: 1, updated_at: '2026-02-02T10:00:03Z' },
    })
    expect(checkOutcome(moving).verdicts.state_ok).toBe('fail')
    expect(checkOutcome(moving, { contracts }).verdicts.state_ok).toBe('pass')
    const other = checkOutcome(goodRow({ contract_id: 'cancel-order' }), { contracts })
    expect(other.verdicts.claim_ok).toBe('unknown')
    expect(other.reasons.claim_ok[0]).toMatch(/contract cancel-order is not among the contracts/)
  })
})

describe('checking a stream of recorded outcomes', () => {
  it('passes only when every row passes', async () => {
    const good = await rowsOf(jsonl([goodRow(), goodRow({ operation_id: 'op-2' })]))
    expect(good.summary).toMatchObject({ rows: 2, passed: 2, failed: 0, ok: true })
    const one = await rowsOf(jsonl([goodRow(), goodRow({ execution_status: 'unknown' })]))
    expect(one.summary).toMatchObject({ rows: 2, passed: 1, failed: 1, ok: false })
  })

  it('reports a malformed line with its number and checks the others', async () => {
    const { rows, malformed, summary } = await rowsOf(
      jsonl([goodRow(), '{"trace_id": ', '', '[1, 2]', goodRow({ commit_status: 'pending' })]),
    )
    expect(malformed).toEqual([
      { line: 2, reason: expect.stringMatching(/^not JSON/) },
      { line: 4, reason: 'not a JSON object but an array' },
    ])
    expect(rows.map((row) => [row.line, row.check.passed])).toEqual([
      [1, true],
      [5, false],
    ])
    expect(summary).toMatchObject({ rows: 2, malformed: 2, ok: false })
  })

  it('fails an empty file: no rows prove nothing', async () => {
    const { summary } = await rowsOf(['', '   '])
    expect(summary).toMatchObject({ rows: 0, ok: false })
  })

  it('tells retries of one operation apart from a user asking twice', async () => {
    const { rows, summary } = await rowsOf(
      jsonl([
        goodRow({ operation_id: 'op-1', attempt: 1, execution_status: 'unknown' }),
        goodRow({ operation_id: 'op-1', attempt: 2 }),
        goodRow({ operation_id: 'op-2', attempt: 1, trace_id: 'trace-second-request' }),
      ]),
    )
    expect(rows.map((r) => [r.ids.operation_id, r.ids.attempt, r.attemptKind])).toEqual([
      ['op-1', 1, 'first'],
      ['op-1', 2, 'retry'],
      ['op-2', 1, 'first'],
    ])
    expect(summary).toMatchObject({ firstAttempts: 2, retries: 1, failed: 1 })
    // Each attempt is its own record: the unanswered first attempt fails even though the retry passed.
    expect(rows[0]!.check.verdicts.execution_ok).toBe('unknown')
  })

  it('leaves out fields of the wrong type and says so', async () => {
    const { rows } = await rowsOf(jsonl([goodRow({ attempt: 0, trace_id: 42 })]))
    expect(rows[0]!.problems).toEqual([
      'trace_id is number, not a string',
      'attempt 0 is not a whole number of at least 1',
    ])
    expect(rows[0]!.check.reasons.evidence).toEqual(['linkage missing: trace_id, attempt'])
  })
})
