import { describe, expect, it } from 'vitest'
import { SelectionMismatchError } from '../../src/compare/errors.ts'
import { comparePair } from '../../src/compare/pair.ts'
import { call, runCase, v124, v130 } from './helpers/run-case.ts'
import { runSide } from './helpers/suite.ts'

describe('comparePair', () => {
  it('classifies each case, counts the classes, sums tool calls and decides the gate', async () => {
    const pair = comparePair({
      baseline: await runSide('baseline'),
      candidate: await runSide('candidate'),
    })
    expect(pair.baseline).toEqual({ agent: 'support-refund-agent', version: '1.2.4' })
    expect(pair.candidate).toEqual({ agent: 'support-refund-agent', version: '1.3.0' })
    expect(
      pair.cases.map((item) => [item.scenario.id, item.classification, item.divergence?.step]),
    ).toEqual([
      ['refund-happy-path', 'REGRESSED', 2],
      ['refund-timeout-after-mutation', 'NEW_CRITICAL_FAILURE', 2],
      ['order-status-question', 'UNCHANGED', undefined],
    ])
    expect(pair.counts).toEqual({
      NEW_CRITICAL_FAILURE: 1,
      REGRESSED: 1,
      INCOMPLETE: 0,
      IMPROVED: 0,
      UNCHANGED: 1,
    })
    expect(pair.toolCalls).toEqual({ baseline: 9, candidate: 6 })
    expect(pair.gate.verdict).toBe('BLOCK')
  })

  it('keeps retries, metrics and the final-state difference beside the verdict', async () => {
    const pair = comparePair({
      baseline: await runSide('baseline'),
      candidate: await runSide('candidate'),
    })
    const timeout = pair.cases[1]!
    expect(timeout.baseline.retries).toEqual({
      total: 0,
      byTool: { get_refund_policy: 0, lookup_order: 0, refund_payment: 0 },
    })
    expect(timeout.candidate.retries).toEqual({
      total: 1,
      byTool: { lookup_order: 0, refund_payment: 1 },
    })
    expect(timeout.state?.changedPaths).toEqual([
      'orders.ORD-1001.refund_count',
      'orders.ORD-1001.refundable_amount',
      'orders.ORD-1001.refunded_amount',
    ])
    expect(timeout.candidate.metrics).toEqual({ latencyMs: 90, toolCalls: 3 })
    expect(timeout.candidate.failed.map((f) => [f.id, f.label])).toEqual([
      ['refund-count-once', 'FAIL'],
      ['refunded-amount', 'FAIL'],
      ['no-duplicate-refund', 'FAIL'],
      ['success-backed-by-state', 'STATE_MISMATCH'],
    ])
    const happy = pair.cases[0]!
    expect(happy.state).toBeUndefined()
    expect(happy.changes).toEqual([
      {
        id: 'policy-before-refund',
        type: 'callOrder',
        critical: false,
        baseline: 'PASS',
        candidate: 'FAIL',
        change: 'regressed',
      },
    ])
  })

  it('sees the fix as an improvement, telling the divergence from the side that acted', async () => {
    const pair = comparePair({
      baseline: await runSide('candidate'),
      candidate: await runSide('baseline'),
    })
    expect(pair.cases.map((item) => item.classification)).toEqual([
      'IMPROVED',
      'IMPROVED',
      'UNCHANGED',
    ])
    expect(pair.cases[0]?.divergence?.detail).toBe(
      'The baseline called the irreversible refund_payment without first calling get_refund_policy, which the candidate called at this point.',
    )
    expect(pair.gate).toEqual({ verdict: 'PASS', reasons: [] })
  })

  it('pairs a version with itself: every case unchanged, no divergence, gate PASS', async () => {
    const pair = comparePair({
      baseline: await runSide('baseline'),
      candidate: await runSide('baseline'),
    })
    expect(pair.counts.UNCHANGED).toBe(3)
    expect(pair.cases.every((item) => item.divergence === undefined)).toBe(true)
    expect(pair.cases.every((item) => item.state === undefined)).toBe(true)
    expect(pair.gate).toEqual({ verdict: 'PASS', reasons: [] })
  })

  it('keeps a reviewer override of the judge from rescuing a case whose critical checks fail', async () => {
    const baseline = await runSide('baseline')
    const candidate = await runSide('candidate')
    const judged = (label: 'PASS' | 'FAIL') => ({
      id: 'reply-admits-problem',
      type: 'judge' as const,
      critical: true,
      label,
      message: `judge says ${label}`,
      evidence: null,
    })
    baseline.cases[1]!.results.push(judged('PASS'))
    candidate.cases[1]!.results.push({
      ...judged('FAIL'),
      override: {
        label: 'PASS',
        originalLabel: 'FAIL',
        reviewer: 'sam@demo.co',
        note: 'reply is fine',
      },
    })
    const timeout = comparePair({ baseline, candidate }).cases[1]!
    expect(timeout.classification).toBe('NEW_CRITICAL_FAILURE')
    const judge = timeout.candidate.failed.find((f) => f.id === 'reply-admits-problem')
    expect(judge).toMatchObject({ label: 'FAIL', override: { label: 'PASS', applied: false } })
  })

  it('leaves the verdict alone when only latency, tokens and call counts differ', () => {
    const scenario = { id: 'order-status-question' }
    const baseline = runCase(scenario, v124, { calls: [call.lookup()], latencyMs: 10 })
    const candidate = runCase(scenario, v130, {
      calls: [call.lookup()],
      latencyMs: 9000,
      tokens: { input: 90000, output: 9000 },
    })
    const pair = comparePair({
      baseline: { agent: v124, cases: [{ run: baseline, results: [] }] },
      candidate: { agent: v130, cases: [{ run: candidate, results: [] }] },
    })
    expect(pair.cases[0]?.classification).toBe('UNCHANGED')
    expect(pair.cases[0]?.candidate.metrics).toEqual({
      latencyMs: 9000,
      toolCalls: 1,
      tokens: { input: 90000, output: 9000 },
    })
  })

  it('refuses sides whose recorded selections differ, naming scenario and field', () => {
    const calls = { calls: [call.lookup()] }
    const pinned = { id: 'refund-happy-path', seed: 7 }
    const baseline = [
      { run: runCase(pinned, v124, calls), results: [] },
      { run: runCase({ id: 'order-status-question' }, v124, calls), results: [] },
    ]
    const candidate = [
      { run: runCase({ ...pinned, seed: 8, version: '2' }, v130, calls), results: [] },
    ]
    const compare = () =>
      comparePair({
        baseline: { agent: v124, cases: baseline },
        candidate: { agent: v130, cases: candidate },
      })
    expect(compare).toThrow(SelectionMismatchError)
    try {
      compare()
    } catch (error) {
      const mismatch = error as SelectionMismatchError
      expect(mismatch.code).toBe('AGENTTWIN_SELECTION_MISMATCH')
      expect(
        mismatch.mismatches.map((m) => [m.scenario, m.field, m.baseline, m.candidate]),
      ).toEqual([
        ['refund-happy-path', 'scenario.version', '1', '2'],
        [
          'refund-happy-path',
          'scenario.digest',
          baseline[0]!.run.scenario.digest,
          candidate[0]!.run.scenario.digest,
        ],
        ['refund-happy-path', 'seed', '7', '8'],
        ['order-status-question', 'presence', 'present', 'absent'],
      ])
      const message = mismatch.message
        .replace(baseline[0]!.run.scenario.digest, '<baseline digest>')
        .replace(candidate[0]!.run.scenario.digest, '<candidate digest>')
      expect(message).toMatchInlineSnapshot(`
        "The baseline and the candidate ran different selections:
          scenario refund-happy-path: scenario.version is 1 on the baseline and 2 on the candidate
          scenario refund-happy-path: scenario.digest is <baseline digest> on the baseline and <candidate digest> on the candidate
          scenario refund-happy-path: seed is 7 on the baseline and 8 on the candidate
          scenario order-status-question: presence is present on the baseline and absent on the candidate
        Fix: run both sides from one pinned selection (same scenario versions, twins and seeds), then compare again."
      `)
    }
  })

  it('compares recorded cases, not the pin: another twin digest is refused', () => {
    const scenario = { id: 'refund-happy-path' }
    const baseline = runCase(scenario, v124, { calls: [call.lookup()] })
    const candidate = runCase(scenario, v130, { calls: [call.lookup()] })
    candidate.twin = { ...candidate.twin, digest: 'sha256:another-twin' }
    expect(() =>
      comparePair({
        baseline: { agent: v124, cases: [{ run: baseline, results: [] }] },
        candidate: { agent: v130, cases: [{ run: candidate, results: [] }] },
      }),
    ).toThrow(
      /scenario refund-happy-path: twin.digest is sha256:\w+ on the baseline and sha256:another-twin on the candidate/,
    )
  })

  it('refuses a side holding a case another agent version ran', () => {
    const run = runCase({ id: 'x' }, v130, { calls: [] })
    expect(() =>
      comparePair({
        baseline: { agent: v124, cases: [{ run, results: [] }] },
        candidate: { agent: v130, cases: [{ run, results: [] }] },
      }),
    ).toThrow(
      'The baseline is support-refund-agent 1.2.4, but its case x was run by support-refund-agent 1.3.0.',
    )
  })
})
