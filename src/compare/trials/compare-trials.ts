import type { CaseClass, ExpectationChange, ExpectationChangeKind } from '../classify.ts'
import type { GatePolicy } from '../gate.ts'
import {
  assemblePair,
  type CaseComparison,
  checkSide,
  compareCase,
  comparePair,
  type PairComparison,
  type SideCase,
  type SideRuns,
} from '../pair.ts'
import { matchSelections } from '../selection.ts'
import {
  expectationRates,
  noiseFloor,
  rateSummary,
  type TrialLabels,
  type TrialPair,
  trialLabels,
} from './rates.ts'
import { type CaseTrials, DEFAULT_ALPHA, type ExpectationRates } from './types.ts'
import { describeRates, formatP, notSignificantNote } from './words.ts'

/** A compared case that ran several trials. */
export interface TrialCaseComparison extends CaseComparison {
  trials: CaseTrials
  flaky: boolean
}

interface Verdict {
  classification: CaseClass
  reason: string
  /** The expectation that decided it, for choosing the representative trial. */
  decisive?: ExpectationRates
}

function verdictOf(pairs: readonly TrialPair[], rates: ExpectationRates[], alpha: number): Verdict {
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
    `${r.critical ? 'critical ' : ''}expectation ${r.id} passed ${describeRates(r)} (one-sided Fisher p = ${formatP(r.pValue)} < ${alpha})`
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

/**
 * Compares the trials of one case: trial i of the baseline with trial i of
 * the candidate (same seed), per expectation the pass rates of both sides and
 * a one-sided Fisher exact test of their failure counts. A change classifies
 * the case only when it is significant at `alpha`; one that is not is kept
 * as a note with the trials it would need. The divergence, sides and states
 * shown are those of a representative trial pair, named with the reason.
 */
export function compareTrialCase(
  pairs: readonly TrialPair[],
  alpha = DEFAULT_ALPHA,
): TrialCaseComparison {
  const labels = trialLabels(pairs)
  const rates = labels.ids.map((id) => expectationRates(labels, id, alpha))
  const verdict = verdictOf(pairs, rates, alpha)
  const perTrial = pairs.map(([b, c]) => compareCase(b, c).classification)
  const chosen = representative(pairs, labels, verdict, perTrial)
  const [baseline, candidate] = pairs[chosen.trial - 1]!
  const shown = compareCase(baseline, candidate)
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
      .map((r) => notSignificantNote(r, alpha)),
  }
  for (const side of ['baseline', 'candidate'] as const) {
    const summary = trials[side]
    trials.flaky[side] = summary.passes > 0 && summary.passes < summary.trials
  }
  const sameVersion =
    baseline.run.agent.name === candidate.run.agent.name &&
    baseline.run.agent.version === candidate.run.agent.version
  if (sameVersion) trials.noiseFloor = noiseFloor(labels)
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

/** Cases of a side grouped by trial index (1 when a case carries none). */
function byTrial(cases: readonly SideCase[]): Map<number, SideCase[]> {
  const map = new Map<number, SideCase[]>()
  for (const item of cases) {
    const index = item.trial ?? 1
    map.set(index, [...(map.get(index) ?? []), item])
  }
  return map
}

/**
 * {@link comparePair} for sides whose cases ran several trials (`SideCase.trial`).
 * Without trials it is `comparePair` itself, so one trial is exactly a
 * comparison without trials. Each trial index is matched like a selection of
 * its own (same scenario versions, digests and per-trial seeds on both sides).
 * @example
 * const pair = comparePairTrials({ baseline, candidate, alpha: 0.05 })
 * pair.cases[0].trials.expectations[0].pValue
 */
export function comparePairTrials(input: {
  baseline: SideRuns
  candidate: SideRuns
  policy?: Partial<GatePolicy>
  alpha?: number
}): PairComparison {
  const all = [...input.baseline.cases, ...input.candidate.cases]
  if (all.every((item) => item.trial === undefined)) return comparePair(input)
  checkSide('baseline', input.baseline)
  checkSide('candidate', input.candidate)
  const left = byTrial(input.baseline.cases)
  const right = byTrial(input.candidate.cases)
  const indexes = [...new Set([...left.keys(), ...right.keys()])].sort((a, b) => a - b)
  const byScenario = new Map<string, TrialPair[]>()
  for (const index of indexes) {
    for (const pair of matchSelections(left.get(index) ?? [], right.get(index) ?? [])) {
      const id = pair[0].run.scenario.id
      byScenario.set(id, [...(byScenario.get(id) ?? []), pair])
    }
  }
  const cases = [...byScenario.values()].map((pairs) =>
    pairs.length === 1 && pairs[0]![0].trial === undefined
      ? compareCase(pairs[0]![0], pairs[0]![1])
      : compareTrialCase(pairs, input.alpha),
  )
  return assemblePair(input, cases)
}
