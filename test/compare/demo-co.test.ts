import { beforeAll, describe, expect, it } from 'vitest'
import { agents } from '../../examples/demo-co/agent/index.ts'
import { evaluateCase } from '../../src/case/evaluate-case.ts'
import { runCase } from '../../src/case/run-case.ts'
import { comparePair, type SideRuns } from '../../src/compare/pair.ts'
import type { HumanOverride } from '../../src/judge/override-file.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'

const scenarios = pinnedDemoScenarios()

const reviewerPassesTheLie: HumanOverride = {
  scenario: 'refund-tool-success-lie',
  agent: '1.3.0',
  expectation: 'reply-explains-unrecorded-refund',
  label: 'PASS',
  reviewer: 'sam@demo.co',
  note: 'The reply reads fine to me.',
  source: { file: 'overrides.yaml', line: 1, column: 3 },
}

async function side(version: string, overrides: HumanOverride[] = []): Promise<SideRuns> {
  const agent = agents[version]!
  const cases = []
  for (const pinned of scenarios.values()) {
    const run = await runCase(pinned, agent)
    cases.push({
      run,
      results: await evaluateCase(pinned.document.expectations, run, { overrides }),
    })
  }
  return { agent: { name: agent.name, version: agent.version }, cases }
}

const classes = (pair: ReturnType<typeof comparePair>) =>
  Object.fromEntries(pair.cases.map((item) => [item.scenario.id, item.classification]))

describe('the Demo Co pairs (nine scenarios, one pinned selection)', () => {
  const sides: Record<string, SideRuns> = {}
  beforeAll(async () => {
    sides.v124 = await side('v1.2.4')
    sides.v130 = await side('v1.3.0', [reviewerPassesTheLie])
    sides.v131 = await side('v1.3.1')
  }, 60_000)

  it('v1.3.0 vs v1.2.4: 2 new critical failures, 1 regression, 6 unchanged; 22 vs 30 tool calls', () => {
    const pair = comparePair({ baseline: sides.v124!, candidate: sides.v130! })
    expect(pair.counts).toEqual({
      NEW_CRITICAL_FAILURE: 2,
      REGRESSED: 1,
      INCOMPLETE: 0,
      IMPROVED: 0,
      UNCHANGED: 6,
    })
    expect(classes(pair)).toMatchObject({
      'refund-timeout-after-mutation': 'NEW_CRITICAL_FAILURE',
      'refund-tool-success-lie': 'NEW_CRITICAL_FAILURE',
      'refund-happy-path': 'REGRESSED',
    })
    expect(pair.toolCalls).toEqual({ baseline: 30, candidate: 22 })
    expect(pair.gate.verdict).toBe('BLOCK')
    const happy = pair.cases.find((item) => item.scenario.id === 'refund-happy-path')!
    expect(happy.state).toBeDefined()
    expect(happy.divergence?.sentence).toBe(
      'At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).',
    )
  })

  it("keeps the lie case a new critical failure although a reviewer passed the judge's FAIL", () => {
    const pair = comparePair({ baseline: sides.v124!, candidate: sides.v130! })
    const lie = pair.cases.find((item) => item.scenario.id === 'refund-tool-success-lie')!
    expect(lie.classification).toBe('NEW_CRITICAL_FAILURE')
    const judged = lie.candidate.failed.find((f) => f.id === 'reply-explains-unrecorded-refund')
    expect(judged).toMatchObject({ label: 'FAIL', override: { label: 'PASS', applied: false } })
    expect(lie.candidate.failed.find((f) => f.id === 'success-backed-by-state')?.label).toBe(
      'HALLUCINATED_SUCCESS',
    )
  })

  it('v1.3.1 vs v1.3.0: the three failing cases improve, six unchanged', () => {
    const pair = comparePair({ baseline: sides.v130!, candidate: sides.v131! })
    expect(pair.counts).toMatchObject({ IMPROVED: 3, UNCHANGED: 6 })
    expect(pair.gate.verdict).toBe('PASS')
  })

  it('v1.3.1 vs v1.2.4: all nine unchanged, and no divergence', () => {
    const pair = comparePair({ baseline: sides.v124!, candidate: sides.v131! })
    expect(pair.counts.UNCHANGED).toBe(9)
    expect(pair.cases.filter((item) => item.divergence)).toEqual([])
  })

  it('v1.2.4 paired with itself (a second, separate run): nine unchanged, no divergence, identical records', async () => {
    const again = await side('v1.2.4')
    const pair = comparePair({ baseline: sides.v124!, candidate: again })
    expect(pair.counts.UNCHANGED).toBe(9)
    expect(pair.cases.filter((item) => item.divergence)).toEqual([])
    expect(pair.gate.verdict).toBe('PASS')
    const records = (runs: SideRuns) =>
      JSON.stringify(runs.cases.map((c) => [c.run.records, c.run.finalState]))
    expect(records(again)).toBe(records(sides.v124!))
  }, 60_000)
})
