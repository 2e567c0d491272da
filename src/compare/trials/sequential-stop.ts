import type { CaseRun } from '../../core/case-run.ts'
import {
  type ExpectationTests,
  type LooksSoFar,
  type TrialLabels,
  type TrialPair,
  testExpectations,
  trialLabels,
} from './rates.ts'
import { canStillReject, lookLevels, lookSizes, type SequentialPlan } from './sequential.ts'
import type { SequentialTrials, TrialCost } from './types.ts'

export type { SequentialPlan } from './sequential.ts'

/** Where a case with sequential trials stopped, and its decision there. */
export interface SequentialStop {
  /** Trials per side that count. */
  used: number
  tests: ExpectationTests
  summary: SequentialTrials
}

function cost(runs: readonly CaseRun[]): TrialCost {
  let modelCalls = 0
  let tokens = 0
  for (const run of runs) {
    modelCalls += run.models?.calls.length ?? 0
    const totals = run.models?.totals
    if (totals) tokens += totals.inputTokens + totals.outputTokens
  }
  return { runs: runs.length, modelCalls, tokens }
}

/** What `maxK` trials a side would have cost, at the mean per run of those that ran. */
function fixedCost(used: TrialCost, maxK: number): TrialCost {
  const runs = 2 * maxK
  const scale = used.runs === 0 ? 0 : runs / used.runs
  return {
    runs,
    modelCalls: Math.round(used.modelCalls * scale),
    tokens: Math.round(used.tokens * scale),
  }
}

/** The looks up to `look` (0-based) and their shares of the planned trials. */
function looksTo(reached: readonly number[], look: number, plan: SequentialPlan): LooksSoFar {
  const sizes = reached.slice(0, look + 1)
  return { sizes, fractions: sizes.map((size) => size / plan.maxK) }
}

/** The first `n` trials of both sides. */
function firstTrials(labels: TrialLabels, n: number): TrialLabels {
  return {
    ...labels,
    baseline: labels.baseline.slice(0, n),
    candidate: labels.candidate.slice(0, n),
  }
}

/** Where a sequential case stops, from its labels alone. */
export interface LookStop {
  /** The look it stopped at (0-based) and the trials per side at each look it reached. */
  look: number
  reached: number[]
  stop: SequentialTrials['stop']
}

/**
 * The look a case with sequential trials stops at, from the labels of the
 * trials it has (trial order): the first look at which a side did not finish
 * a trial (trial `unfinished`, 1-based, or later: `incomplete`), the family
 * rejects with each test against its exact group-sequential boundary
 * (`efficacy`), or no change could become significant by the last look
 * (`futility`); else the last look (`max`), or the last look the trials
 * reach when a filter or a shard left later ones out (`partial`).
 */
export function stopLook(
  labels: TrialLabels,
  plan: SequentialPlan,
  alpha: number,
  unfinished = Number.POSITIVE_INFINITY,
): LookStop {
  const sizes = lookSizes(plan)
  const reached = sizes.filter((size) => size <= labels.baseline.length)
  if (reached.length === 0) reached.push(labels.baseline.length)
  for (let look = 0; look < reached.length; look++) {
    const used = firstTrials(labels, reached[look]!)
    const tests = testExpectations(used, alpha, {
      looks: looksTo(reached, look, plan),
      plan: false,
    })
    const at = (stop: SequentialTrials['stop']): LookStop => ({ look, reached, stop })
    if (unfinished <= reached[look]!) return at('incomplete')
    if (tests.rates.some((r) => r.significant)) return at('efficacy')
    if (reached[look] === plan.maxK) return at('max')
    if (!canStillReject(used, sizes, look, alpha)) return at('futility')
  }
  return { look: reached.length - 1, reached, stop: 'partial' }
}

/**
 * The look a case with sequential trials stops at ({@link stopLook}), its
 * decision there, and what its trials cost against the fixed plan.
 */
export function sequentialStop(
  pairs: readonly TrialPair[],
  plan: SequentialPlan,
  alpha: number,
): SequentialStop {
  const unfinished = pairs.findIndex(([b, c]) => !b.run.finished || !c.run.finished) + 1
  const labels = trialLabels(pairs)
  const { look, reached, stop } = stopLook(labels, plan, alpha, unfinished || undefined)
  const used = reached[look]!
  // The plan for more trials, once, for the look the case stopped at.
  const tests = testExpectations(firstTrials(labels, used), alpha, {
    looks: looksTo(reached, look, plan),
  })
  const spent = cost(pairs.slice(0, used).flatMap(([b, c]) => [b.run, c.run]))
  return {
    used,
    tests,
    summary: {
      maxK: plan.maxK,
      looks: lookSizes(plan),
      levels: lookLevels(lookSizes(plan), alpha),
      stoppedAt: look + 1,
      used,
      stop,
      cost: { used: spent, fixed: fixedCost(spent, plan.maxK) },
    },
  }
}
