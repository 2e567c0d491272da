import { recordArtifact, type TestContext } from 'vitest'
import {
  aggregateTrials,
  type ComparedCase,
  compareCase,
  comparedRecord,
  DEFAULT_ALPHA,
  decideGate,
  emptyCounts,
  formatP,
  type GatePolicy,
  lookSizes,
  matchSelections,
  rateChange,
  type SequentialPlan,
  sequentialStop,
  type TrialCaseComparison,
  type TrialOptions,
} from '../../compare/index.ts'
import { endSentence } from '../../core/sentence.ts'
import { plural } from '../../evaluate/format.ts'
import { renderTrajectoryForDiff } from '../../report/trajectory.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'
import { PAIR_CASE_ARTIFACT } from '../shared/meta.ts'
import type { PairOption } from '../shared/options.ts'
import { PairRegressionError, pointAt, type YamlLocation } from './failure.ts'
import { failIncompleteUnderCi } from './incomplete.ts'
import { pairCaseMeta } from './pair-summary.ts'
import type { SideRunner } from './side-runner.ts'

export interface TrialPairInput {
  pair: PairOption
  pairIndex: number
  baseline: Agent
  candidate: Agent
  pinned: PinnedCase
  /** One runner per trial, trial 1 first. */
  runners: readonly SideRunner[]
  gate?: Partial<GatePolicy>
  alpha?: number
  /** Whether each side runs its own seeds (the default) or both sides one seed per trial. */
  seeds: 'independent' | 'shared'
  /** Trials in rounds, `runners.length` at most. */
  sequential?: { looks: number }
  where: YamlLocation
}

const comparedTrials = new WeakMap<TrialPairInput, Map<number, Promise<ComparedCase>>>()
const looksDone = new WeakMap<TrialPairInput, Map<number, Promise<boolean>>>()

/** How the reporter judges this case's trials: the same options as the verdict test. */
export function trialOptions(input: TrialPairInput): TrialOptions {
  const plan = planOf(input)
  return { seeds: input.seeds, ...(plan && { sequential: plan }) }
}

function planOf(input: TrialPairInput): SequentialPlan | undefined {
  return input.sequential && { maxK: input.runners.length, looks: input.sequential.looks }
}

/**
 * Whether a case with sequential trials has stopped by look `look` (0-based):
 * every trial up to that look run and compared (once, shared with the trial
 * tests), then the stopping rule over them.
 */
function stoppedBy(input: TrialPairInput, plan: SequentialPlan, look: number): Promise<boolean> {
  let looks = looksDone.get(input)
  if (!looks) {
    looks = new Map()
    looksDone.set(input, looks)
  }
  let done = looks.get(look)
  if (!done) {
    done = (async () => {
      if (look > 0 && (await stoppedBy(input, plan, look - 1))) return true
      const size = lookSizes(plan)[look]!
      const trials = await Promise.all(
        Array.from({ length: size }, (_, i) => compareTrial(input, i + 1)),
      )
      const pairs = trials.map((item) => [item.runs.baseline, item.runs.candidate] as const)
      return sequentialStop(pairs, plan, input.alpha ?? DEFAULT_ALPHA).summary.stop !== 'partial'
    })()
    looks.set(look, done)
  }
  return done
}

/** The trials a case used: all k, or with sequential trials those up to the look it stopped at. */
async function usedTrials(input: TrialPairInput): Promise<number> {
  const plan = planOf(input)
  if (!plan) return input.runners.length
  const sizes = lookSizes(plan)
  for (let look = 0; look < sizes.length; look++)
    if (await stoppedBy(input, plan, look)) return sizes[look]!
  return plan.maxK
}

/**
 * Trial `index` of the case, run and compared once: the trial's own test and
 * the verdict over all trials share the result.
 */
function compareTrial(input: TrialPairInput, index: number): Promise<ComparedCase> {
  let trials = comparedTrials.get(input)
  if (!trials) {
    trials = new Map()
    comparedTrials.set(input, trials)
  }
  let compared = trials.get(index)
  if (!compared) {
    compared = (async () => {
      const runner = input.runners[index - 1]!
      const selfPair = input.baseline.version === input.candidate.version
      const baseline = await runner.side(input.baseline, { side: 'baseline', selfPair })
      const candidate = await runner.side(input.candidate, {
        side: 'candidate',
        selfPair,
        baseline,
      })
      const [[b, c]] = matchSelections([baseline], [candidate], { seeds: input.seeds }) as [
        [typeof baseline, typeof candidate],
      ]
      return compareCase(b, c)
    })()
    trials.set(index, compared)
  }
  return compared
}

/**
 * The test of one trial of a pair: both sides of trial `index` from the
 * trial's seed, summarised in task meta and recorded as an artifact for the reporter. It never fails on its
 * own verdict: one trial of a stochastic agent is noise; the trials test after
 * them judges the rates.
 */
export function trialPairTest(
  input: TrialPairInput,
  index: number,
): (context: TestContext) => Promise<void> {
  return async (context) => {
    const plan = planOf(input)
    if (plan) {
      const sizes = lookSizes(plan)
      const round = sizes.findIndex((size) => size >= index)
      if (round > 0 && (await stoppedBy(input, plan, round - 1))) {
        const used = await usedTrials(input)
        context.skip(
          `not needed: the case was decided after ${used} of ${plan.maxK} trials a side (sequential trials)`,
        )
      }
    }
    const compared = await compareTrial(input, index)
    context.task.meta.agenttwin = {
      ...pairCaseMeta(input, compared, context.task.file.projectName),
      trial: { index, of: input.runners.length },
      ...(input.alpha !== undefined && { alpha: input.alpha }),
    }
    await recordArtifact(context.task, {
      type: PAIR_CASE_ARTIFACT,
      compared: comparedRecord(compared),
      trials: trialOptions(input),
    })
    await context.annotate(
      `trial ${index}/${input.runners.length} on its own: ${oneTrial(compared)}`,
      'agenttwin',
    )
  }
}

function oneTrial(compared: ComparedCase): string {
  return compared.divergence
    ? `${compared.classification}. ${compared.divergence.sentence}`
    : `${compared.classification}. The trajectories match step for step.`
}

/**
 * The verdict over every trial of a pair: rates per expectation, a one-sided
 * Fisher test per change, the gate on the significant classification. Fails
 * when that gate blocks (unless the pair is declared to block) or, under CI,
 * when the case is INCOMPLETE, with the
 * representative trial pair's trajectories as the diff.
 */
export function trialsVerdictTest(input: TrialPairInput): (context: TestContext) => Promise<void> {
  return async (context) => {
    const k = await usedTrials(input)
    const trials = await Promise.all(
      Array.from({ length: k }, (_, i) => compareTrial(input, i + 1)),
    )
    const compared = aggregateTrials(trials, input.alpha, trialOptions(input))
    const counts = emptyCounts()
    counts[compared.classification]++
    const gate = decideGate(counts, input.gate)
    await context.annotate(trialsSummary(compared), 'agenttwin')
    failIncompleteUnderCi({ ...input, scenarioId: input.pinned.scenario.id }, compared, k)
    if (gate.verdict !== 'BLOCK' || input.pair.expectGate === 'BLOCK') return
    const shown = compared.runs
    const error = new PairRegressionError(
      failureMessage(input, compared, k),
      renderTrajectoryForDiff(shown.baseline.run),
      renderTrajectoryForDiff(shown.candidate.run),
      {
        aAnnotation: `Baseline ${input.pair.baseline} (trial ${compared.trials.representative.trial})`,
        bAnnotation: `Candidate ${input.pair.candidate} (trial ${compared.trials.representative.trial})`,
      },
    )
    throw pointAt(error, input.where, input.pinned.scenario.id)
  }
}

/** The one-line summary of a case over its trials (the Vitest UI annotation). */
export function trialsSummary(compared: TrialCaseComparison): string {
  const t = compared.trials
  const parts = [
    `${compared.classification} over ${t.k} trials${t.sequential ? ` of at most ${t.sequential.maxK} (sequential, stopped at look ${t.sequential.stoppedAt}: ${t.sequential.stop})` : ''} (alpha ${t.alpha}, Holm over ${plural(t.test?.tests ?? 0, 'one-sided test')}): case passed ${rateChange(t)}, pass^${t.k} ${t.baseline.passHatK[t.k - 1]!.toFixed(2)} → ${t.candidate.passHatK[t.k - 1]!.toFixed(2)}${compared.flaky ? ', FLAKY' : ''}.`,
  ]
  for (const r of t.expectations.filter((e) => e.direction !== 'same')) {
    parts.push(
      `${r.id} ${rateChange(r)} (p = ${formatP(r.pValue)}${r.significant ? ', significant' : ''}).`,
    )
  }
  if (compared.divergence) parts.push(`${t.representative.reason}: ${compared.divergence.sentence}`)
  return parts.join(' ')
}

function failureMessage(input: TrialPairInput, compared: TrialCaseComparison, k: number): string {
  const lines = [
    `${compared.classification}: ${input.pair.candidate} is worse than ${input.pair.baseline} on ${input.pinned.scenario.id} over ${k} trials.`,
    `Because ${endSentence(compared.reason)}`,
  ]
  if (compared.divergence) {
    lines.push(`Shown: ${endSentence(compared.trials.representative.reason)}`)
    lines.push(compared.divergence.sentence, compared.divergence.detail)
  }
  for (const r of compared.trials.expectations.filter((e) => e.direction !== 'same')) {
    lines.push(
      `  ${r.id}: ${rateChange(r)} passed, p = ${formatP(r.pValue)}${r.significant ? '' : ' (not significant)'}`,
    )
  }
  return lines.join('\n')
}
