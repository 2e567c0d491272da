import { describe, expect, test } from 'vitest'
import { evaluateCase } from '../../src/case/evaluate-case.ts'
import { runCase } from '../../src/case/run-case.ts'
import type { SideCase } from '../../src/compare/pair.ts'
import { comparePairTrials } from '../../src/compare/trials/compare-pair-trials.ts'
import { compareTrialCase } from '../../src/compare/trials/compare-trials.ts'
import { fisherPower } from '../../src/compare/trials/power.ts'
import { pinCase } from '../../src/scenario/pin.ts'
import {
  type PairSide,
  pinSideTrial,
  pinTrial,
  sideTrialSeed,
  trialSeed,
} from '../../src/scenario/trial.ts'
import { loadScenarioSync } from '../../src/schema/index.ts'
import { skipsPolicy, stochasticAgent } from './support/stochastic-agent.ts'

const file = new URL(
  '../e2e/fixtures/trials/scenarios/refund-trials.scenario.yaml',
  import.meta.url,
)
const pinned = pinCase(loadScenarioSync(file.pathname))
const alpha = 0.05
// Failure rates on policy-before-refund, by construction of the agent.
const CAREFUL = 0.1
const HASTY = 0.8

async function trials(
  version: string,
  rate: number,
  k: number,
  side: PairSide = 'baseline',
): Promise<SideCase[]> {
  const agent = stochasticAgent(version, rate)
  const sides: SideCase[] = []
  for (let index = 1; index <= k; index++) {
    const trial = pinSideTrial(pinned, side, index)
    const run = await runCase(trial, agent)
    sides.push({ run, results: await evaluateCase(trial.document.expectations, run), trial: index })
  }
  return sides
}

describe('trial seeds', () => {
  test('trial 1 keeps the pinned seed; later trials differ and reproduce', () => {
    expect(trialSeed(7, 1)).toBe(7)
    const seeds = Array.from({ length: 50 }, (_, i) => trialSeed(7, i + 1))
    expect(new Set(seeds).size).toBe(50)
    expect(seeds).toEqual(Array.from({ length: 50 }, (_, i) => trialSeed(7, i + 1)))
    expect(pinTrial(pinned, 1)).toBe(pinned)
    expect(pinTrial(pinned, 3)).toMatchObject({ seed: trialSeed(7, 3), scenario: pinned.scenario })
  })

  test("each side of a pair has its own seeds: never the other side's, never another trial's", () => {
    const seeds = (side: PairSide) =>
      Array.from({ length: 50 }, (_, i) => sideTrialSeed(7, side, i + 1))
    const all = [...seeds('baseline'), ...seeds('candidate')]
    expect(new Set(all).size).toBe(100)
    expect(seeds('candidate')).toEqual(seeds('candidate'))
    expect(pinSideTrial(pinned, 'candidate', 2).seed).toBe(sideTrialSeed(7, 'candidate', 2))
  })
})

describe('a stochastic agent whose failure rate is known by construction', () => {
  test('a real rate change is significant at the k whose power is 99 %', async () => {
    // One expectation varies: the case's family is its two one-sided tests, each at alpha / 2.
    let k = 2
    while (fisherPower(CAREFUL, HASTY, k, alpha / 2) < 0.99) k++
    const baseline = await trials('careful', CAREFUL, k)
    const candidate = await trials('hasty', HASTY, k, 'candidate')
    const compared = compareTrialCase(baseline.map((side, i) => [side, candidate[i]!] as const))
    const policy = compared.trials.expectations.find((e) => e.id === 'policy-before-refund')!
    expect(policy).toMatchObject({ direction: 'worse', significant: true })
    expect(compared.classification).toBe('REGRESSED')
    expect(compared.trials.k).toBe(k)
    expect(compared.trials.test).toMatchObject({ hypotheses: 4, tests: 2 })
    expect(compared.reason).toMatch(
      /significant at 0\.05 for the case: Holm over its 2 one-sided tests/,
    )
    // The rates are those the agent's draws give for each side's own trial seeds.
    const seeds = candidate.map((side) => side.run.seed)
    expect(seeds).toEqual(seeds.map((_, i) => sideTrialSeed(7, 'candidate', i + 1)))
    expect(policy.candidate.passes).toBe(
      seeds.filter((s) => !skipsPolicy(s, 'hasty', HASTY)).length,
    )
    // The same trials the other way round are a significant improvement, and the gate passes.
    const reversed = comparePairTrials({
      baseline: { agent: candidate[0]!.run.agent, cases: candidate },
      candidate: { agent: baseline[0]!.run.agent, cases: baseline },
    })
    expect(reversed.cases[0]!.classification).toBe('IMPROVED')
    expect(reversed.gate.verdict).toBe('PASS')
    // An unfinished trial on either side is never a pass.
    const unfinished = candidate.map((side, i) =>
      i === 1 ? { ...side, run: { ...side.run, finished: false } } : side,
    )
    const incomplete = compareTrialCase(baseline.map((side, i) => [side, unfinished[i]!] as const))
    expect(incomplete.classification).toBe('INCOMPLETE')
    expect(incomplete.reason).toBe(`the candidate did not finish trial 2 of ${k}`)
  })

  test('one trial of a real change is never significant: UNCHANGED, with the k 80 % power needs', async () => {
    const policy = (side: SideCase) =>
      side.results.find((r) => r.id === 'policy-before-refund')!.label
    const baseline = (await trials('careful', CAREFUL, 10)).find((side) => policy(side) === 'PASS')!
    const candidate = (await trials('hasty', HASTY, 40, 'candidate')).find(
      (side) => policy(side) !== 'PASS',
    )!
    const compared = compareTrialCase([
      [
        { ...baseline, trial: 1 },
        { ...candidate, trial: 1 },
      ],
    ])
    expect(compared.classification).toBe('UNCHANGED')
    const [note] = compared.trials.notes
    const needed = Number(/; k=(\d+) a side would give 80 % power/.exec(note!)?.[1])
    expect(note).toBe(
      `policy-before-refund 1/1 → 0/1 (worse): seen but not significant at k=1 (p = 0.5); k=${needed} a side would give 80 % power to detect these rates at alpha 0.05, Holm over 2 one-sided tests`,
    )
    // Observed rates 0 and 1 failing: the plan is the smallest k with 80 % power at alpha / 2.
    expect(fisherPower(0, 1, needed, alpha / 2)).toBeGreaterThanOrEqual(0.8)
    expect(fisherPower(0, 1, needed - 1, alpha / 2)).toBeLessThan(0.8)
  })

  test('a version paired with itself runs each side on its own seeds and reports its noise floor', async () => {
    const k = 10
    const baseline = await trials('careful', 0.5, k)
    const candidate = await trials('careful', 0.5, k, 'candidate')
    const compared = compareTrialCase(baseline.map((side, i) => [side, candidate[i]!] as const))
    const floor = compared.trials.noiseFloor!.find((entry) => entry.id === 'policy-before-refund')!
    const passed = [...baseline, ...candidate].filter(
      (side) => side.results.find((r) => r.id === 'policy-before-refund')!.label === 'PASS',
    ).length
    // Each of the 2k runs counts once: passes × failures of the C(2k, 2) pairs of runs disagree.
    expect(floor).toMatchObject({ runs: 2 * k, passes: passed })
    expect(floor.disagreementRate).toBeCloseTo(
      (passed * (2 * k - passed)) / ((2 * k * (2 * k - 1)) / 2),
      12,
    )
    expect(floor.pairedDisagreements).toBeGreaterThan(0)
    // One run handed to both sides would be counted once.
    const same = compareTrialCase(baseline.map((side) => [side, side] as const))
    const once = baseline.filter(
      (side) => side.results.find((r) => r.id === 'policy-before-refund')!.label === 'PASS',
    ).length
    expect(same.trials.noiseFloor!.find((e) => e.id === 'policy-before-refund')).toMatchObject({
      runs: k,
      passes: once,
      pairedDisagreements: 0,
      disagreementRate: (once * (k - once)) / ((k * (k - 1)) / 2),
    })
  })
})
