import { beforeAll, describe, expect, test } from 'vitest'
import { evaluateCase } from '../../../src/case/evaluate-case.ts'
import { runCase } from '../../../src/case/run-case.ts'
import type { SideCase } from '../../../src/compare/pair.ts'
import { compareTrialCase } from '../../../src/compare/trials/compare-trials.ts'
import type { TrialPair } from '../../../src/compare/trials/rates.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import { loadScenarioSync } from '../../../src/schema/index.ts'
import { stochasticAgent } from '../../trials/support/stochastic-agent.ts'
import { seededRandom } from './support/seeded.ts'

const file = new URL(
  '../../e2e/fixtures/trials/scenarios/refund-trials.scenario.yaml',
  import.meta.url,
)
const alpha = 0.05
const plan = { maxK: 20, looks: 4 }

let template: SideCase

beforeAll(async () => {
  const pinned = pinCase(loadScenarioSync(file.pathname))
  const run = await runCase(pinned, stochasticAgent('careful', 0))
  template = { run, results: await evaluateCase(pinned.document.expectations, run) }
})

/** One trial of one side: the template run, its policy check passed or failed, two model calls of 150 tokens. */
function side(passed: boolean, seed: number, trial: number): SideCase {
  return {
    run: {
      ...template.run,
      seed,
      models: {
        llm: 'replayed',
        mode: 'replay',
        calls: [1, 2].map(() => ({
          url: 'https://api.openai.com/v1/responses',
          replayed: true,
          model: 'gpt-test',
          inputTokens: 100,
          outputTokens: 50,
          cachedTokens: 0,
          latencyMs: 0,
        })),
        totals: { inputTokens: 200, outputTokens: 100, cachedTokens: 0, latencyMs: 0 },
      },
    },
    results: template.results.map((result) =>
      result.id === 'policy-before-refund' && !passed ? { ...result, label: 'FAIL' } : result,
    ),
    trial,
  }
}

/** A seeded stochastic suite: per case, both sides' policy-check pass rates. */
function suite(): { name: string; pairs: TrialPair[] }[] {
  const random = seededRandom(33)
  const kinds = [
    ...Array.from({ length: 10 }, () => ({ name: 'drop', baseline: 0.9, candidate: 0.3 })),
    ...Array.from({ length: 10 }, () => ({ name: 'gain', baseline: 0.3, candidate: 0.9 })),
    ...Array.from({ length: 10 }, () => ({ name: 'null', baseline: 0.7, candidate: 0.7 })),
  ]
  return kinds.map((kind) => ({
    name: kind.name,
    pairs: Array.from({ length: plan.maxK }, (_, i) => [
      side(random() < kind.baseline, i * 2, i + 1),
      side(random() < kind.candidate, i * 2 + 1, i + 1),
    ]),
  }))
}

describe('sequential trials', () => {
  test('reach the fixed-k classification on the significant cases with fewer trials', () => {
    let fixedTrials = 0
    let sequentialTrials = 0
    let significant = 0
    let same = 0
    let falseAlarms = 0
    for (const item of suite()) {
      const fixed = compareTrialCase(item.pairs, alpha)
      const sequential = compareTrialCase(item.pairs, alpha, { sequential: plan })
      const used = sequential.trials.sequential!
      fixedTrials += fixed.trials.k
      sequentialTrials += used.used
      expect(sequential.trials.k).toBe(used.used)
      if (fixed.classification === 'REGRESSED' || fixed.classification === 'IMPROVED') {
        significant++
        if (sequential.classification === fixed.classification) same++
        // Never the opposite verdict.
        expect(['UNCHANGED', fixed.classification]).toContain(sequential.classification)
      }
      if (item.name === 'null' && sequential.classification !== 'UNCHANGED') falseAlarms++
      // What the fixed plan would have cost: every side's run at two model calls and 300 tokens.
      expect(used.cost.fixed).toEqual({ runs: 40, modelCalls: 80, tokens: 12_000 })
      expect(used.cost.used).toEqual({
        runs: 2 * used.used,
        modelCalls: 4 * used.used,
        tokens: 600 * used.used,
      })
    }
    // Ten null cases: the seeded simulation (group-sequential.test.ts) measures the rate over thousands.
    expect(falseAlarms).toBeLessThanOrEqual(2)
    expect(significant).toBeGreaterThanOrEqual(18)
    expect(same).toBe(significant)
    expect(sequentialTrials).toBeLessThan(0.85 * fixedTrials)
  }, 120_000)

  test('a case stops early only when the looks say so, and reports its looks and alpha spent', () => {
    const [drop] = suite()
    const compared = compareTrialCase(drop!.pairs, alpha, { sequential: plan })
    const s = compared.trials.sequential!
    expect(s.looks).toEqual([5, 10, 15, 20])
    expect(s.levels.reduce((a, b) => a + b, 0)).toBeCloseTo(alpha, 12)
    expect(s.used).toBe(s.looks[s.stoppedAt - 1])
    // The family has spent, by the look it stopped at, the alpha of the looks so far.
    const spent = s.levels.slice(0, s.stoppedAt).reduce((a, b) => a + b, 0)
    expect(compared.trials.test?.level).toBeCloseTo(spent, 12)
  })

  test('futility: a case whose change cannot become significant by the last look stops', () => {
    // Every trial passes on both sides except one candidate failure at the first look: even if
    // every later trial failed on the candidate only, ... it could; so a case identical on both sides
    // through three looks, with one trial left that cannot move the test below the last level, stops.
    const pairs: TrialPair[] = Array.from({ length: plan.maxK }, (_, i) => [
      side(true, i * 2, i + 1),
      side(true, i * 2 + 1, i + 1),
    ])
    const compared = compareTrialCase(pairs, alpha, { sequential: { maxK: 20, looks: 20 } })
    const s = compared.trials.sequential!
    expect(compared.classification).toBe('UNCHANGED')
    expect(s.stop).toBe('futility')
    expect(s.used).toBeLessThan(20)
  })
})
