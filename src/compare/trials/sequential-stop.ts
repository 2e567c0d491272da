import type { CaseRun } from '../../core/case-run.ts'
import { type ExpectationTests, type TrialPair, testExpectations, trialLabels } from './rates.ts'
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

/**
 * The look a case with sequential trials stops at, from the trials it has
 * (trial order): the first look at which a side did not finish a trial
 * (`incomplete`), the family rejects at the alpha spent there (`efficacy`),
 * or no change could become significant by the last look (`futility`); else
 * the last look (`max`), or the last look the trials reach when a filter or
 * a shard left later ones out (`partial`).
 */
export function sequentialStop(
  pairs: readonly TrialPair[],
  plan: SequentialPlan,
  alpha: number,
): SequentialStop {
  const sizes = lookSizes(plan)
  const levels = lookLevels(sizes, alpha)
  const reached = sizes.filter((size) => size <= pairs.length)
  if (reached.length === 0) reached.push(pairs.length)
  let look = 0
  let stop: SequentialTrials['stop'] = 'partial'
  let tests: ExpectationTests | undefined
  for (; look < reached.length; look++) {
    const used = pairs.slice(0, reached[look]!)
    const labels = trialLabels(used)
    tests = testExpectations(labels, alpha, { level: levels[look]!, plan: false })
    if (used.some(([b, c]) => !b.run.finished || !c.run.finished)) stop = 'incomplete'
    else if (tests.rates.some((r) => r.significant)) stop = 'efficacy'
    else if (reached[look] === plan.maxK) stop = 'max'
    else if (!canStillReject(labels, sizes, levels, look)) stop = 'futility'
    else continue
    break
  }
  if (look === reached.length) look = reached.length - 1
  const used = reached[look]!
  // The plan for more trials, once, for the look the case stopped at.
  tests = testExpectations(trialLabels(pairs.slice(0, used)), alpha, { level: levels[look]! })
  const spent = cost(pairs.slice(0, used).flatMap(([b, c]) => [b.run, c.run]))
  return {
    used,
    tests: tests!,
    summary: {
      maxK: plan.maxK,
      looks: sizes,
      levels,
      stoppedAt: look + 1,
      used,
      stop,
      cost: { used: spent, fixed: fixedCost(spent, plan.maxK) },
    },
  }
}
