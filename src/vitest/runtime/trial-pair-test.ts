import { recordArtifact, type TestContext } from 'vitest'
import {
  aggregateTrials,
  type ComparedCase,
  comparedRecord,
  comparePair,
  decideGate,
  emptyCounts,
  formatP,
  type GatePolicy,
  rateChange,
  type TrialCaseComparison,
} from '../../compare/index.ts'
import { renderTrajectoryForDiff } from '../../report/index.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'
import { PAIR_CASE_ARTIFACT } from '../meta.ts'
import type { PairOption } from '../options.ts'
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
  where: YamlLocation
}

const comparedTrials = new WeakMap<TrialPairInput, Map<number, Promise<ComparedCase>>>()

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
      const baseline = await runner.side(input.baseline)
      const candidate = await runner.side(input.candidate)
      return comparePair({
        baseline: { agent: baseline.run.agent, cases: [baseline] },
        candidate: { agent: candidate.run.agent, cases: [candidate] },
        policy: input.gate,
      }).cases[0]!
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
    const compared = await compareTrial(input, index)
    context.task.meta.agenttwin = {
      ...pairCaseMeta(input, compared),
      trial: { index, of: input.runners.length },
      ...(input.alpha !== undefined && { alpha: input.alpha }),
    }
    await recordArtifact(context.task, {
      type: PAIR_CASE_ARTIFACT,
      compared: comparedRecord(compared),
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
    const k = input.runners.length
    const trials = await Promise.all(input.runners.map((_, i) => compareTrial(input, i + 1)))
    const compared = aggregateTrials(trials, input.alpha)
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
    `${compared.classification} over ${t.k} trials (alpha ${t.alpha}): case passed ${rateChange(t)}, pass^${t.k} ${t.baseline.passHatK[t.k - 1]!.toFixed(2)} → ${t.candidate.passHatK[t.k - 1]!.toFixed(2)}${compared.flaky ? ', FLAKY' : ''}.`,
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
    `Because ${compared.reason}.`,
  ]
  if (compared.divergence) {
    lines.push(`Shown: ${compared.trials.representative.reason}.`)
    lines.push(compared.divergence.sentence, compared.divergence.detail)
  }
  for (const r of compared.trials.expectations.filter((e) => e.direction !== 'same')) {
    lines.push(
      `  ${r.id}: ${rateChange(r)} passed, p = ${formatP(r.pValue)}${r.significant ? '' : ' (not significant)'}`,
    )
  }
  return lines.join('\n')
}
