import { existsSync, statSync } from 'node:fs'
import { expect, test } from 'vitest'
import { AgentTwinReporter } from '../../src/public/reporter.ts'
import { repoRoot } from './helpers/normalize.ts'
import { reportWithoutLatency } from './helpers/report.ts'
import { runVitest } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

interface CaseJson {
  scenario: { id: string }
  classification: string
  divergence?: { step: number; sentence: string; detail: string }
  candidate: {
    failed: { id: string; label: string }[]
  }
}
interface PairJson {
  baseline: { version: string }
  candidate: { version: string }
  counts: Record<string, number>
  toolCalls: { baseline: number; candidate: number }
  gate: { verdict: string }
  cases: CaseJson[]
}

const tmp = freshTmpDir('demo')
const userReport = `${repoRoot}/reports/demo.json`

// `npm run demo` is `vitest run --project demo` on the root config; the
// report goes to a scratch path so the user's reports/ stays as it was.
test('the demo reproduces the published Demo Co figures', async () => {
  const before = existsSync(userReport) ? statSync(userReport).mtimeMs : undefined
  const run = await runVitest({
    root: repoRoot,
    project: ['demo'],
    reporters: [new AgentTwinReporter({ outputFile: `${tmp}/demo.json` })],
  })
  expect(run.exitCode).toBe(0)
  expect(existsSync(userReport) ? statSync(userReport).mtimeMs : undefined).toBe(before)

  const report = reportWithoutLatency(`${tmp}/demo.json`) as { pairs: PairJson[] }
  const summary = report.pairs.map((pair) => ({
    pair: `${pair.candidate.version} vs ${pair.baseline.version}`,
    gate: pair.gate.verdict,
    counts: Object.fromEntries(Object.entries(pair.counts).filter(([, count]) => count > 0)),
    toolCalls: pair.toolCalls,
  }))
  expect(summary).toEqual([
    {
      pair: '1.3.0 vs 1.2.4',
      gate: 'BLOCK',
      counts: { NEW_CRITICAL_FAILURE: 2, REGRESSED: 1, UNCHANGED: 6 },
      toolCalls: { baseline: 30, candidate: 22 },
    },
    {
      pair: '1.3.1 vs 1.3.0',
      gate: 'PASS',
      counts: { IMPROVED: 3, UNCHANGED: 6 },
      toolCalls: { baseline: 22, candidate: 30 },
    },
    {
      pair: '1.3.1 vs 1.2.4',
      gate: 'PASS',
      counts: { UNCHANGED: 9 },
      toolCalls: { baseline: 30, candidate: 30 },
    },
  ])

  const regression = report.pairs[0]!.cases
  const byId = (id: string) => regression.find((item) => item.scenario.id === id)!
  expect(
    regression
      .filter((item) => item.classification !== 'UNCHANGED')
      .map((item) => `${item.scenario.id} ${item.classification}`),
  ).toEqual([
    'refund-happy-path REGRESSED',
    'refund-timeout-after-mutation NEW_CRITICAL_FAILURE',
    'refund-tool-success-lie NEW_CRITICAL_FAILURE',
  ])
  expect(byId('refund-timeout-after-mutation').divergence).toEqual({
    step: 2,
    kind: 'tool',
    sentence:
      'At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).',
    detail:
      'The candidate called the irreversible refund_payment without first calling get_refund_policy, which the baseline called at this point.',
  })
  // The reviewer's PASS on the lie's judge result is recorded, is not applied
  // while critical state checks fail, and the case stays a new critical failure.
  const lie = byId('refund-tool-success-lie')
  expect(lie.candidate.failed.find((item) => item.id === 'success-backed-by-state')?.label).toBe(
    'HALLUCINATED_SUCCESS',
  )
  expect(
    lie.candidate.failed.find((item) => item.id === 'reply-explains-unrecorded-refund'),
  ).toMatchObject({
    label: 'FAIL',
    override: {
      label: 'PASS',
      originalLabel: 'FAIL',
      reviewer: 'dana.support-lead',
      applied: false,
    },
  })
})
