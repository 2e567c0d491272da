import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import { beforeAll, describe, expect, test } from 'vitest'
import { comparisonReportSchema } from '../../src/compare/index.ts'
import { fisherOneSided } from '../../src/compare/trials/stats.ts'
import { AgentTwinReporter } from '../../src/public/reporter.ts'
import { sideTrialSeed } from '../../src/scenario/trial.ts'
import { skipsPolicy } from '../trials/support/stochastic-agent.ts'
import { reportWithoutLatency } from './helpers/report.ts'
import { findTest, testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// A scenario with `trials: 5`, a stochastic agent whose policy check is drawn
// from the case seed: careful skips it 10 % of the time, hasty 90 %. Each side
// of a pair runs its own seeds.
const root = fileURLToPath(new URL('./fixtures/trials', import.meta.url))
const tmp = freshTmpDir('trials')
const seeds = {
  baseline: [1, 2, 3, 4, 5].map((index) => sideTrialSeed(7, 'baseline', index)),
  candidate: [1, 2, 3, 4, 5].map((index) => sideTrialSeed(7, 'candidate', index)),
}
const skips = (side: keyof typeof seeds, version: string, rate: number) =>
  seeds[side].map((seed) => skipsPolicy(seed, version, rate))
const passes = (side: keyof typeof seeds, version: string, rate: number) =>
  skips(side, version, rate).filter((skipped) => !skipped).length
const careful = () => passes('baseline', 'careful', 0.1)
const hasty = () => passes('candidate', 'hasty', 0.9)
// One expectation varies: the case is decided by Holm over its two one-sided tests.
const significant = () =>
  fisherOneSided({ failures: 5 - careful(), trials: 5 }, { failures: 5 - hasty(), trials: 5 }) <
  0.025

interface Rates {
  passes: number
  trials: number
  passHatK: number[]
}
interface TrialCase {
  scenario: { id: string }
  classification: string
  flaky: boolean
  trials: {
    k: number
    seeds?: string
    baseline: Rates
    candidate: Rates
    expectations: {
      id: string
      baseline: Rates
      candidate: Rates
      pValue: number
      significant: boolean
    }[]
    representative: { trial: number; reason: string }
    noiseFloor?: {
      id: string
      pairedDisagreements: number
      runs: number
      passes: number
      disagreementRate: number
    }[]
  }
  baseline: { runId: string }
  candidate: { runId: string }
}

describe('a scenario with trials: 5', () => {
  let run: VitestRun
  let report: {
    pairs: { gate: { verdict: string }; cases: TrialCase[] }[]
    runs: Record<string, { seed: number }>
  }

  beforeAll(async () => {
    run = await runVitest({
      root,
      reporters: [new AgentTwinReporter({ outputFile: `${tmp}/trials.json` })],
    })
    report = reportWithoutLatency(`${tmp}/trials.json`) as typeof report
  })

  test('each trial is its own test, then one verdict over the five', () => {
    expect(testList(run.modules, root)).toMatchInlineSnapshot(`
      [
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > hasty vs careful · trial 1/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > hasty vs careful · trial 2/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > hasty vs careful · trial 3/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > hasty vs careful · trial 4/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > hasty vs careful · trial 5/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > hasty vs careful · 5 trials | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > careful vs careful · trial 1/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > careful vs careful · trial 2/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > careful vs careful · trial 3/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > careful vs careful · trial 4/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > careful vs careful · trial 5/5 | passed",
        "scenarios/refund-trials.scenario.yaml:2:5 | refund-trials: A refund by an agent whose policy check depends on its seed > careful vs careful · 5 trials | passed",
      ]
    `)
    // The fixture declares expectGate BLOCK for hasty vs careful: the run passes when the verdict blocks.
    expect(run.exitCode).toBe(significant() ? 0 : 1)
  })

  test('the verdict test carries the rates in its Vitest UI annotation', () => {
    const verdict = findTest(run.modules, 'hasty vs careful · 5 trials')
    const [annotation] = verdict.annotations()
    expect(annotation?.type).toBe('agenttwin')
    // The rates are the agent's draws from the seeds, computed above: the snapshot names them.
    const rates = `${careful()}/5 → ${hasty()}/5`
    expect(annotation?.message.replaceAll(rates, '<careful>/5 → <hasty>/5')).toMatchInlineSnapshot(
      `"UNCHANGED over 5 trials (alpha 0.05, Holm over 1 one-sided test): case passed <careful>/5 → <hasty>/5, pass^5 0.00 → 0.00, FLAKY. policy-before-refund <careful>/5 → <hasty>/5 (p = 0.0833). trial 2 of 5, the first whose own classification is REGRESSED: At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-ORD-1001-715949981, order_id=ORD-1001)."`,
    )
    const trial = findTest(run.modules, 'hasty vs careful · trial 2/5')
    expect(trial.annotations()[0]?.message).toMatch(/^trial 2\/5 on its own: /)
  })

  test('the JSON report carries the rates the agent has by construction, and validates', () => {
    const ajv = new Ajv({ strict: false, allErrors: true })
    ajv.validate(comparisonReportSchema, JSON.parse(readFileSync(`${tmp}/trials.json`, 'utf8')))
    expect(ajv.errors ?? []).toEqual([])
    const [regression] = report.pairs
    const item = regression!.cases[0]!
    const policy = item.trials.expectations.find((e) => e.id === 'policy-before-refund')!
    expect(item.trials.k).toBe(5)
    expect(policy.baseline).toMatchObject({ passes: careful(), trials: 5 })
    expect(policy.candidate).toMatchObject({ passes: hasty(), trials: 5 })
    const p = fisherOneSided(
      { failures: 5 - careful(), trials: 5 },
      { failures: 5 - hasty(), trials: 5 },
    )
    expect(policy.pValue).toBeCloseTo(p, 12)
    expect(item.classification).toBe(significant() ? 'REGRESSED' : 'UNCHANGED')
    expect(regression!.gate.verdict).toBe(significant() ? 'BLOCK' : 'PASS')
    // The representative trial pair ran from that trial's seeds, one per side.
    const shown = item.trials.representative.trial - 1
    expect(report.runs[item.baseline.runId]!.seed).toBe(seeds.baseline[shown])
    expect(report.runs[item.candidate.runId]!.seed).toBe(seeds.candidate[shown])
    // A version paired with itself runs twice, each side on its own seeds: its noise floor
    // is the disagreement of the agent's own draws.
    const self = report.pairs[1]!.cases[0]!
    const b = skips('baseline', 'careful', 0.1)
    const c = skips('candidate', 'careful', 0.1)
    const floor = self.trials.noiseFloor!.find((entry) => entry.id === 'policy-before-refund')!
    const passed = [...b, ...c].filter((skipped) => !skipped).length
    expect(floor).toMatchObject({
      pairedDisagreements: b.filter((skipped, i) => skipped !== c[i]).length,
      runs: 10,
      passes: passed,
    })
    expect(floor.disagreementRate).toBeCloseTo((passed * (10 - passed)) / 45, 12)
    expect(report.runs[self.candidate.runId]!.seed).not.toBe(report.runs[self.baseline.runId]!.seed)
  })
})

// The same agents with `trials: { k: 20, sequential: { looks: 4 } }`: a case stops at the
// first look whose result is decisive, and the trials after it are skipped, not run.
describe('sequential trials: at most 20 a side, looked at 4 times', () => {
  const root = fileURLToPath(new URL('./fixtures/trials-sequential', import.meta.url))
  let run: VitestRun
  let report: {
    pairs: {
      gate: { verdict: string }
      cases: (TrialCase & {
        trials: {
          sequential: {
            maxK: number
            looks: number[]
            used: number
            stop: string
            cost: { used: { runs: number }; fixed: { runs: number } }
          }
        }
      })[]
    }[]
  }

  beforeAll(async () => {
    run = await runVitest({
      root,
      reporters: [new AgentTwinReporter({ outputFile: `${tmp}/sequential.json` })],
    })
    report = reportWithoutLatency(`${tmp}/sequential.json`) as typeof report
    // Two scenarios, two pairs, up to 20 trials a side each: generous for a busy machine.
  }, 600_000)

  test('the regression stops early; the trials it did not need are skipped with the reason', () => {
    const ajv = new Ajv({ strict: false, allErrors: true })
    ajv.validate(comparisonReportSchema, JSON.parse(readFileSync(`${tmp}/sequential.json`, 'utf8')))
    expect(ajv.errors ?? []).toEqual([])
    const item = report.pairs[0]!.cases.find((c) => c.scenario.id === 'refund-sequential')!
    const sequential = item.trials.sequential
    expect(item.classification).toBe('REGRESSED')
    expect(sequential).toMatchObject({ maxK: 20, looks: [5, 10, 15, 20], stop: 'efficacy' })
    expect(sequential.used).toBeLessThan(20)
    expect(item.trials.k).toBe(sequential.used)
    expect(sequential.cost).toMatchObject({
      used: { runs: 2 * sequential.used },
      fixed: { runs: 40 },
    })
    const states = Array.from(
      { length: 20 },
      (_, i) => findTest(run.modules, `hasty vs careful · trial ${i + 1}/20`).result().state,
    )
    expect(states.filter((state) => state === 'passed')).toHaveLength(sequential.used)
    expect(states.filter((state) => state === 'skipped')).toHaveLength(20 - sequential.used)
    const skipped = findTest(run.modules, 'hasty vs careful · trial 20/20')
    const result = skipped.result()
    expect(result.state === 'skipped' && result.note).toBe(
      `not needed: the case was decided after ${sequential.used} of 20 trials a side (sequential trials)`,
    )
    expect(run.exitCode).toBe(0)
  })

  test("a scenario's own trials block wins over the plugin's: its k, seeds and looks", () => {
    const own = report.pairs[0]!.cases.find((c) => c.scenario.id === 'refund-own-plan')!
    expect(own.trials).toMatchObject({ seeds: 'shared' })
    expect(own.trials.sequential).toMatchObject({ maxK: 12, looks: [4, 8, 12] })
    expect(own.classification).toBe('REGRESSED')
    const states = Array.from(
      { length: 12 },
      (_, i) => findTest(run.modules, `hasty vs careful · trial ${i + 1}/12`).result().state,
    )
    expect(states.filter((state) => state === 'passed')).toHaveLength(own.trials.sequential.used)
    const self = report.pairs[1]!.cases.find((c) => c.scenario.id === 'refund-own-plan')!
    expect(self.trials).toMatchObject({ seeds: 'shared' })
  })
})
