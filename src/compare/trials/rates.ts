import type { ResultLabel } from '../../core/expectation-result.ts'
import { expectationChanges } from '../classify.ts'
import type { SideCase } from '../pair.ts'
import {
  fisherOneSided,
  isSignificant,
  passAtK,
  passHatK,
  trialsNeeded,
  wilsonInterval,
} from './stats.ts'
import type { ExpectationRates, NoiseFloor, RateSummary } from './types.ts'

/** A trial pair: baseline and candidate of one trial index, same seed. */
export type TrialPair = readonly [SideCase, SideCase]

/** Per trial pair and expectation id, the effective labels on each side. */
export interface TrialLabels {
  ids: string[]
  critical: Map<string, boolean>
  types: Map<string, ExpectationRates['type']>
  baseline: Map<string, ResultLabel | undefined>[]
  candidate: Map<string, ResultLabel | undefined>[]
}

/** Pass counts as a rate summary with its pass^k, pass@k curves and Wilson interval. */
export function rateSummary(passes: number, trials: number): RateSummary {
  if (trials === 0)
    return { passes, trials, passHatK: [], passAtK: [], wilson: { low: 0, high: 1 } }
  const ks = Array.from({ length: trials }, (_, index) => index + 1)
  return {
    passes,
    trials,
    passHatK: ks.map((k) => passHatK(trials, passes, k)),
    passAtK: ks.map((k) => passAtK(trials, passes, k)),
    wilson: wilsonInterval(passes, trials),
  }
}

/** The effective labels of every trial pair, by expectation id (the classification's own reading). */
export function trialLabels(pairs: readonly TrialPair[]): TrialLabels {
  const labels: TrialLabels = {
    ids: [],
    critical: new Map(),
    types: new Map(),
    baseline: [],
    candidate: [],
  }
  for (const [baseline, candidate] of pairs) {
    const b = new Map<string, ResultLabel | undefined>()
    const c = new Map<string, ResultLabel | undefined>()
    for (const change of expectationChanges(baseline.results, candidate.results)) {
      if (!labels.critical.has(change.id)) labels.ids.push(change.id)
      labels.critical.set(change.id, (labels.critical.get(change.id) ?? false) || change.critical)
      labels.types.set(change.id, change.type)
      b.set(change.id, change.baseline)
      c.set(change.id, change.candidate)
    }
    labels.baseline.push(b)
    labels.candidate.push(c)
  }
  return labels
}

const isKnown = (label: ResultLabel | undefined): label is ResultLabel =>
  label !== undefined && label !== 'ERROR'

function count(side: Map<string, ResultLabel | undefined>[], id: string) {
  const labels = side.map((trial) => trial.get(id))
  const known = labels.filter(isKnown)
  const passes = known.filter((label) => label === 'PASS').length
  return { passes, known: known.length, unknown: labels.length - known.length }
}

/** One expectation's rates on both sides and the one-sided Fisher test in the direction it moved. */
export function expectationRates(labels: TrialLabels, id: string, alpha: number): ExpectationRates {
  const b = count(labels.baseline, id)
  const c = count(labels.candidate, id)
  const failures = (side: typeof b) => ({ failures: side.known - side.passes, trials: side.known })
  const rate = (side: typeof b) => (side.known === 0 ? 0 : (side.known - side.passes) / side.known)
  const testable = b.known > 0 && c.known > 0
  const direction =
    !testable || rate(b) === rate(c) ? 'same' : rate(c) > rate(b) ? 'worse' : 'better'
  const [better, worse] =
    direction === 'better' ? [failures(c), failures(b)] : [failures(b), failures(c)]
  const pValue = direction === 'same' ? 1 : fisherOneSided(better, worse)
  const rates: ExpectationRates = {
    id,
    type: labels.types.get(id)!,
    critical: labels.critical.get(id) ?? false,
    baseline: rateSummary(b.passes, b.known),
    candidate: rateSummary(c.passes, c.known),
    unknown: { baseline: b.unknown, candidate: c.unknown },
    direction,
    pValue,
    significant: direction !== 'same' && isSignificant(pValue, alpha),
  }
  if (direction !== 'same' && !rates.significant) {
    const needed = trialsNeeded(better, worse, alpha)
    if (needed !== undefined) rates.trialsNeeded = needed
  }
  return rates
}

/**
 * The noise floor of a version paired with itself, per expectation: how many
 * same-seed trial pairs disagree, and how often any two of its runs disagree.
 */
export function noiseFloor(labels: TrialLabels): NoiseFloor[] {
  return labels.ids.map((id) => {
    const passed = (side: Map<string, ResultLabel | undefined>[]) =>
      side.map((trial) => trial.get(id) === 'PASS')
    const b = passed(labels.baseline)
    const c = passed(labels.candidate)
    const paired = b.filter((pass, index) => pass !== c[index]).length
    const all = [...b, ...c]
    const passes = all.filter(Boolean).length
    const runPairs = (all.length * (all.length - 1)) / 2
    return {
      id,
      pairedDisagreements: paired,
      trials: b.length,
      disagreementRate: runPairs === 0 ? 0 : (passes * (all.length - passes)) / runPairs,
    }
  })
}
