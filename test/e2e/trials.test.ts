import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import { beforeAll, describe, expect, test } from 'vitest'
import { comparisonReportSchema } from '../../src/compare/index.ts'
import { fisherOneSided } from '../../src/compare/trials/stats.ts'
import { trialSeed } from '../../src/scenario/trial.ts'
import { AgentTwinReporter } from '../../src/vitest/reporter/index.ts'
import { skipsPolicy } from '../trials/support/stochastic-agent.ts'
import { reportWithoutLatency } from './helpers/report.ts'
import { findTest, testList } from './helpers/results.ts'
import { runVitest, type VitestRun } from './helpers/run-vitest.ts'
import { freshTmpDir } from './helpers/tmp-dir.ts'

// A scenario with `trials: 5`, a stochastic agent whose policy check is drawn
// from the case seed: careful skips it 10 % of the time, hasty 90 %.
const root = fileURLToPath(new URL('./fixtures/trials', import.meta.url))
const tmp = freshTmpDir('trials')
const seeds = [1, 2, 3, 4, 5].map((index) => trialSeed(7, index))
const significant = () =>
  fisherOneSided(
    { failures: 5 - passes('careful', 0.1), trials: 5 },
    { failures: 5 - passes('hasty', 0.9), trials: 5 },
  ) < 0.05
const passes = (version: string, rate: number) =>
  seeds.filter((seed) => !skipsPolicy(seed, version, rate)).length

interface Rates {
  passes: number
  trials: number
  passHatK: number[]
}
interface TrialCase {
  classification: string
  flaky: boolean
  trials: {
    k: number
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
    noiseFloor?: { id: string; pairedDisagreements: number }[]
  }
  baseline: { runId: string }
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
    expect(annotation?.message).toContain(
      `policy-before-refund ${passes('careful', 0.1)}/5 → ${passes('hasty', 0.9)}/5 (p = `,
    )
    const trial = findTest(run.modules, 'hasty vs careful · trial 2/5')
    expect(trial.annotations()[0]?.message).toMatch(/^trial 2\/5 on its own: /)
  })

  test('the JSON report carries the rates the agent has by construction, and validates', () => {
    const ajv = new Ajv({ strict: false, allErrors: true })
    ajv.validate(comparisonReportSchema, JSON.parse(readFileSync(`${tmp}/trials.json`, 'utf8')))
    expect(ajv.errors ?? []).toEqual([])
    const [hasty, self] = report.pairs
    const item = hasty!.cases[0]!
    const policy = item.trials.expectations.find((e) => e.id === 'policy-before-refund')!
    expect(item.trials.k).toBe(5)
    expect(policy.baseline).toMatchObject({ passes: passes('careful', 0.1), trials: 5 })
    expect(policy.candidate).toMatchObject({ passes: passes('hasty', 0.9), trials: 5 })
    const p = fisherOneSided(
      { failures: 5 - passes('careful', 0.1), trials: 5 },
      { failures: 5 - passes('hasty', 0.9), trials: 5 },
    )
    expect(policy.pValue).toBeCloseTo(p, 12)
    expect(item.classification).toBe(p < 0.05 ? 'REGRESSED' : 'UNCHANGED')
    expect(hasty!.gate.verdict).toBe(p < 0.05 ? 'BLOCK' : 'PASS')
    // The representative trial pair ran from that trial's seed.
    expect(report.runs[item.baseline.runId]!.seed).toBe(seeds[item.trials.representative.trial - 1])
    // A version paired with itself reproduces: every same-seed trial pair agrees.
    const floor = self!.cases[0]!.trials.noiseFloor!
    expect(floor.map((entry) => entry.pairedDisagreements)).toEqual([0, 0])
    expect(self!.cases[0]!.classification).toBe('UNCHANGED')
  })
})
