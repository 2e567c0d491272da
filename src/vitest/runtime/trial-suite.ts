import type { TestContext } from 'vitest'
import type { TrialPlanDocument, TrialSeeds } from '../../core/trial-plan.ts'
import { pinSideTrial, pinTrial } from '../../scenario/trial.ts'
import type { ResolvedSuiteOptions } from '../shared/provided.ts'
import { createSideRunner, type SideRunner, type SideRunnerOptions } from './side-runner.ts'
import { type TrialPairInput, trialPairTest, trialsVerdictTest } from './trial-pair-test.ts'

/** How a case's trials run: how many, with which seeds, and in which looks. */
export interface CaseTrialPlan {
  k: number
  seeds: TrialSeeds
  sequential?: { looks: number }
}

/**
 * The trials of a case: each field the scenario's `trials` gives (a number is
 * `k` alone), else the plugin's, else 1 trial with each side its own seeds
 * (both were validated when loaded).
 */
export function caseTrialPlan(
  scenario: number | TrialPlanDocument | undefined,
  plugin: Pick<ResolvedSuiteOptions, 'trials' | 'trialSeeds' | 'sequential'>,
): CaseTrialPlan {
  const own = typeof scenario === 'number' ? { k: scenario } : scenario
  const sequential = own?.sequential ?? plugin.sequential
  return {
    k: own?.k ?? plugin.trials ?? 1,
    seeds: own?.seeds ?? plugin.trialSeeds ?? 'independent',
    ...(sequential && { sequential }),
  }
}

/** How a trial test or describe is named: `trial 2/5`. */
export function trialName(index: number, of: number): string {
  return `trial ${index}/${of}`
}

/**
 * A side runner per trial: the same pinned documents with the trial's seed,
 * the trial's cassette slot (trial 1 keeps today's cassette), and the trial
 * recorded on each side. With `independent` seeds each side of a pair runs
 * its own seed, `sideTrialSeed(seed, side, trial)`, and cassettes of its own;
 * a test that names no side (an expectation test) runs `trialSeed(seed, trial)`.
 */
export function trialRunners(
  options: SideRunnerOptions,
  trials: number,
  seeds: 'independent' | 'shared' = 'shared',
): SideRunner[] {
  return Array.from({ length: trials }, (_, i) =>
    createSideRunner({
      ...options,
      pinned: pinTrial(options.pinned, i + 1),
      models: { ...options.models, trial: i },
      trial: i + 1,
      ...(seeds === 'independent' && {
        sides: {
          baseline: pinSideTrial(options.pinned, 'baseline', i + 1),
          candidate: pinSideTrial(options.pinned, 'candidate', i + 1),
        },
      }),
    }),
  )
}

type Define = (
  name: string,
  handler: (context: TestContext) => Promise<void>,
  concurrent: boolean,
) => void

/**
 * The tests of one pair over k trials: one concurrent test per trial
 * (`v1.3.0 vs v1.2.4 · trial 2/5`), so Vitest's pool and `maxConcurrency`
 * spread them, then the verdict over all trials (`v1.3.0 vs v1.2.4 · 5 trials`),
 * which reuses the trials' runs (or runs them when a filter left them out).
 */
export function defineTrialPairTasks(input: TrialPairInput, define: Define): void {
  const k = input.runners.length
  const name = `${input.pair.candidate} vs ${input.pair.baseline}`
  for (let index = 1; index <= k; index++) {
    define(`${name} · ${trialName(index, k)}`, trialPairTest(input, index), true)
  }
  define(`${name} · ${k} trials`, trialsVerdictTest(input), false)
}
