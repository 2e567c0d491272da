import { jsonEquals } from '../../core/canonical-json.ts'
import type { CaseClass, ExpectationChange, ExpectationChangeKind } from '../classify.ts'
import { type ComparedCase, compareCase } from '../pair.ts'
import { securityTrials } from './attack-rates.ts'
import { conversationNoise } from './conversation-noise.ts'
import {
  type ExpectationTests,
  noiseFloor,
  rateSummary,
  type TrialLabels,
  type TrialPair,
  testExpectations,
  trialLabels,
} from './rates.ts'
import { type SequentialPlan, sequentialStop } from './sequential-stop.ts'
import { type CaseTrials, DEFAULT_ALPHA, type ExpectationRates, type FamilyTest } from './types.ts'
import { describeRates, formatP, notSignificantNote } from './words.ts'

/** A compared case that ran several trials. */
export interface TrialCaseComparison extends ComparedCase {
  trials: CaseTrials
  flaky: boolean
}

interface Verdict {
  classification: CaseClass
  reason: string
  /** The expectation that decided it, for choosing the representative trial. */
  decisive?: ExpectationRates
}

function verdictOf(pairs: readonly TrialPair[], tests: ExpectationTests): Verdict {
  const { rates, family } = tests
  const k = pairs.length
  for (const side of ['baseline', 'candidate'] as const) {
    const index = pairs.findIndex((pair) => !pair[side === 'baseline' ? 0 : 1].run.finished)
    if (index >= 0)
      return {
        classification: 'INCOMPLETE',
        reason: `the ${side} did not finish trial ${index + 1} of ${k}`,
      }
  }
  const worse = (critical: boolean) =>
    rates.find((r) => r.significant && r.direction === 'worse' && r.critical === critical)
  const significant = (r: ExpectationRates) =>
    `${r.critical ? 'critical ' : ''}expectation ${r.id} passed ${describeRates(r)} (${familyWords(r, family)})`
  const critical = worse(true)
  if (critical)
    return {
      classification: 'NEW_CRITICAL_FAILURE',
      reason: significant(critical),
      decisive: critical,
    }
  const regressed = worse(false)
  if (regressed)
    return { classification: 'REGRESSED', reason: significant(regressed), decisive: regressed }
  const unknown = rates.find((r) => r.unknown.baseline + r.unknown.candidate > 0)
  if (unknown)
    return {
      classification: 'INCOMPLETE',
      reason: `expectation ${unknown.id} could not be decided in ${unknown.unknown.baseline} baseline and ${unknown.unknown.candidate} candidate trials of ${k}`,
    }
  const improved = rates.find((r) => r.significant && r.direction === 'better')
  if (improved)
    return { classification: 'IMPROVED', reason: significant(improved), decisive: improved }
  const moved = rates.some((r) => r.direction !== 'same')
  return {
    classification: 'UNCHANGED',
    reason: moved ? 'no expectation changed significantly' : 'no expectation changed',
  }
}

function representative(
  pairs: readonly TrialPair[],
  labels: TrialLabels,
  verdict: Verdict,
  perTrial: CaseClass[],
): CaseTrials['representative'] {
  const k = pairs.length
  const decisive = verdict.decisive
  if (decisive) {
    const passedOn = decisive.direction === 'worse' ? labels.baseline : labels.candidate
    const failedOn = decisive.direction === 'worse' ? labels.candidate : labels.baseline
    const [good, bad] =
      decisive.direction === 'worse' ? ['baseline', 'candidate'] : ['candidate', 'baseline']
    const index = passedOn.findIndex(
      (trial, i) => trial.get(decisive.id) === 'PASS' && failedOn[i]!.get(decisive.id) !== 'PASS',
    )
    if (index >= 0)
      return {
        trial: index + 1,
        reason: `trial ${index + 1} of ${k}, where ${decisive.id} passed on the ${good} and failed on the ${bad}`,
      }
  }
  const changed = perTrial.findIndex((name) => name !== 'UNCHANGED')
  if (changed >= 0)
    return {
      trial: changed + 1,
      reason: `trial ${changed + 1} of ${k}, the first whose own classification is ${perTrial[changed]}`,
    }
  return { trial: 1, reason: `trial 1 of ${k}: every trial pair is UNCHANGED on its own` }
}

function changeKind(rates: ExpectationRates): ExpectationChangeKind {
  if (rates.significant) return rates.direction === 'worse' ? 'regressed' : 'improved'
  if (rates.unknown.baseline + rates.unknown.candidate > 0) return 'unknown'
  if (rates.direction !== 'same') return 'not-significant'
  return rates.baseline.passes === rates.baseline.trials ? 'still-passing' : 'still-failing'
}

/** How a case's trials are judged. */
export interface TrialOptions {
  /** Whether each side ran its own seeds (the default) or both sides one seed per trial. */
  seeds?: 'independent' | 'shared'
  /** Trials in rounds: the case stops at the first look whose result is decisive. */
  sequential?: SequentialPlan
}

/**
 * Compares the trials of one case: per expectation the pass rates of both
 * sides, and one decision for the case (Holm over the one-sided Fisher tests
 * of its expectations in both directions, see {@link FamilyTest}). A change
 * classifies the case only when that decision rejects it; one that does not
 * is kept as a note with the trials a plan would need. The divergence, sides
 * and states shown are those of a representative trial pair, named with the
 * reason.
 */
export function compareTrialCase(
  pairs: readonly TrialPair[],
  alpha = DEFAULT_ALPHA,
  options: TrialOptions = {},
): TrialCaseComparison {
  return aggregateTrials(
    pairs.map(([baseline, candidate]) => compareCase(baseline, candidate)),
    alpha,
    options,
  )
}

/** `one-sided Fisher p = 0.004 < 0.05/2, Holm over 2 tests`: the decision behind a significant change. */
function familyWords(rates: ExpectationRates, family: FamilyTest): string {
  if (family.look !== undefined)
    return `one-sided Fisher p = ${formatP(rates.pValue)}; crossed its exact group-sequential boundary at look ${family.look} (alpha ${formatP(family.level)} spent by then) for the case: Holm over its ${family.tests} one-sided test${family.tests === 1 ? '' : 's'}`
  return `one-sided Fisher p = ${formatP(rates.pValue)}, significant at ${formatP(family.level)} for the case: Holm over its ${family.tests} one-sided test${family.tests === 1 ? '' : 's'}`
}

/**
 * {@link compareTrialCase} from trial pairs already compared one by one (trial
 * order): only the statistics over the trials are computed here, each trial's
 * own comparison is taken as it is. With a sequential plan, only the trials
 * up to the look where the case stopped count.
 */
export function aggregateTrials(
  compared: readonly ComparedCase[],
  alpha = DEFAULT_ALPHA,
  options: TrialOptions = {},
): TrialCaseComparison {
  const all: TrialPair[] = compared.map((item) => [item.runs.baseline, item.runs.candidate])
  const stop = options.sequential ? sequentialStop(all, options.sequential, alpha) : undefined
  const pairs = stop ? all.slice(0, stop.used) : all
  const labels = trialLabels(pairs)
  const tests = stop?.tests ?? testExpectations(labels, alpha)
  const rates = tests.rates
  const verdict = verdictOf(pairs, tests)
  const perTrial = compared.slice(0, pairs.length).map((item) => item.classification)
  const chosen = representative(pairs, labels, verdict, perTrial)
  const shown = compared[chosen.trial - 1]!
  const { baseline, candidate } = shown.runs
  const wholeCase = (side: 0 | 1) => {
    const passes = pairs.filter(
      (pair) => pair[side].run.finished && pair[side].results.every((r) => r.label === 'PASS'),
    ).length
    return rateSummary(passes, pairs.length)
  }
  const trials: CaseTrials = {
    k: pairs.length,
    alpha,
    baseline: wholeCase(0),
    candidate: wholeCase(1),
    flaky: { baseline: false, candidate: false },
    expectations: rates,
    perTrial,
    representative: chosen,
    notes: rates
      .filter((r) => r.direction !== 'same' && !r.significant)
      .map((r) => notSignificantNote(r, alpha, tests.family.planTests)),
    test: tests.family,
  }
  if (options.seeds) trials.seeds = options.seeds
  if (stop) trials.sequential = stop.summary
  const security = securityTrials(pairs, labels, rates)
  if (security) trials.security = security
  for (const side of ['baseline', 'candidate'] as const) {
    const summary = trials[side]
    trials.flaky[side] = summary.passes > 0 && summary.passes < summary.trials
  }
  const sameVersion =
    baseline.run.agent.name === candidate.run.agent.name &&
    baseline.run.agent.version === candidate.run.agent.version
  if (sameVersion) {
    trials.noiseFloor = noiseFloor(
      labels,
      pairs.map(([b, c]) => b.run === c.run || jsonEquals(b.run, c.run)),
    )
    const noise = conversationNoise(pairs)
    if (noise) trials.conversationNoise = noise
  }
  const t = chosen.trial - 1
  const changes: ExpectationChange[] = rates
    .map((r) => {
      const change: ExpectationChange = {
        id: r.id,
        type: r.type,
        critical: r.critical,
        change: changeKind(r),
      }
      const b = labels.baseline[t]!.get(r.id)
      const c = labels.candidate[t]!.get(r.id)
      if (b) change.baseline = b
      if (c) change.candidate = c
      return change
    })
    .filter((change) => change.change !== 'still-passing')
  return {
    ...shown,
    classification: verdict.classification,
    reason: verdict.reason,
    changes,
    trials,
    flaky: trials.flaky.baseline || trials.flaky.candidate,
  }
}
