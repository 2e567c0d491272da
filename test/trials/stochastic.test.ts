import { describe, expect, test } from 'vitest'
import { evaluateCase } from '../../src/case/evaluate-case.ts'
import type { SideCase } from '../../src/compare/pair.ts'
import { comparePairTrials } from '../../src/compare/trials/compare-pair-trials.ts'
import { compareTrialCase } from '../../src/compare/trials/compare-trials.ts'
import { expectationRates, type TrialLabels } from '../../src/compare/trials/rates.ts'
import { fisherOneSided, isSignificant } from '../../src/compare/trials/stats.ts'
import type { ResultLabel } from '../../src/core/expectation-result.ts'
import { pinCase } from '../../src/scenario/pin.ts'
import { runCase } from '../../src/scenario/run-case.ts'
import { pinTrial, trialSeed } from '../../src/scenario/trial.ts'
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

const binomial = (k: number, x: number, p: number) => {
  let comb = 1
  for (let i = 1; i <= x; i++) comb = (comb * (k - x + i)) / i
  return comb * p ** x * (1 - p) ** (k - x)
}

/** The chance that k trials a side give a significant regression when the true failure rates are p and q. */
function power(k: number, p: number, q: number): number {
  let total = 0
  for (let a = 0; a <= k; a++)
    for (let b = 0; b <= k; b++) {
      const significant = isSignificant(
        fisherOneSided({ failures: a, trials: k }, { failures: b, trials: k }),
        alpha,
      )
      if (significant) total += binomial(k, a, p) * binomial(k, b, q)
    }
  return total
}

async function trials(version: string, rate: number, k: number): Promise<SideCase[]> {
  const agent = stochasticAgent(version, rate)
  const sides: SideCase[] = []
  for (let index = 1; index <= k; index++) {
    const trial = pinTrial(pinned, index)
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
})

describe('a stochastic agent whose failure rate is known by construction', () => {
  test('a real rate change is significant at the k whose power is 99 %', async () => {
    let k = 2
    while (power(k, CAREFUL, HASTY) < 0.99) k++
    const baseline = await trials('careful', CAREFUL, k)
    const candidate = await trials('hasty', HASTY, k)
    const compared = compareTrialCase(baseline.map((side, i) => [side, candidate[i]!] as const))
    const policy = compared.trials.expectations.find((e) => e.id === 'policy-before-refund')!
    expect(policy).toMatchObject({ direction: 'worse', significant: true })
    expect(compared.classification).toBe('REGRESSED')
    expect(compared.trials.k).toBe(k)
    // The rates are those the agent's draws give for the trial seeds.
    const seeds = baseline.map((side) => side.run.seed)
    expect(seeds).toEqual(seeds.map((_, i) => trialSeed(7, i + 1)))
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

  test('one trial of a real change is never significant: UNCHANGED, with the k it would need', async () => {
    const [baseline] = await trials('careful', CAREFUL, 1)
    const candidate = (await trials('hasty', HASTY, 40)).find(
      (side) => side.results.find((r) => r.id === 'policy-before-refund')!.label !== 'PASS',
    )!
    const passing = baseline!.results.find((r) => r.id === 'policy-before-refund')!.label
    expect(passing).toBe('PASS')
    const compared = compareTrialCase([[baseline!, { ...candidate, trial: 1 }]])
    expect(compared.classification).toBe('UNCHANGED')
    // 0/3 against 3/3 is p = 1/20, not below 0.05; 0/4 against 4/4 is 1/70.
    expect(compared.trials.notes).toEqual([
      expect.stringMatching(
        /^policy-before-refund 1\/1 → 0\/1 \(worse\): seen but not significant at k=1 \(p = 0\.5, alpha 0\.05\); k=4 would be needed$/,
      ),
    ])
  })

  test('with no change, at least 95 % of 200 seeded comparisons are UNCHANGED', () => {
    const k = 10
    const rate = 0.3
    const label = (seed: number, version: string): ResultLabel =>
      skipsPolicy(seed, version, rate) ? 'FAIL' : 'PASS'
    let alarms = 0
    for (let repetition = 0; repetition < 200; repetition++) {
      const seeds = Array.from({ length: k }, (_, i) => trialSeed(repetition, i + 1))
      const labels: TrialLabels = {
        ids: ['policy-before-refund'],
        critical: new Map([['policy-before-refund', false]]),
        types: new Map([['policy-before-refund', 'callOrder']]),
        baseline: seeds.map((seed) => new Map([['policy-before-refund', label(seed, 'a')]])),
        candidate: seeds.map((seed) => new Map([['policy-before-refund', label(seed, 'b')]])),
      }
      if (expectationRates(labels, 'policy-before-refund', alpha).significant) alarms++
    }
    expect(200 - alarms).toBeGreaterThanOrEqual(190)
    // The exact false-alarm rate of the two one-sided tests at these rates stays within 2 alpha.
    let exact = 0
    for (let a = 0; a <= k; a++)
      for (let b = 0; b <= k; b++) {
        const worse = fisherOneSided({ failures: a, trials: k }, { failures: b, trials: k })
        const better = fisherOneSided({ failures: b, trials: k }, { failures: a, trials: k })
        if ((b > a && isSignificant(worse, alpha)) || (a > b && isSignificant(better, alpha)))
          exact += binomial(k, a, rate) * binomial(k, b, rate)
      }
    expect(exact).toBeLessThanOrEqual(2 * alpha)
  })
})
