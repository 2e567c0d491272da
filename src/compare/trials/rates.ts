import type { ResultLabel } from '../../core/expectation-result.ts'
import { expectationChanges } from '../classify.ts'
import type { SideCase } from '../pair.ts'
import { type FamilyMember, type Hypothesis, holmTaroneBy, hypothesesOf } from './family.ts'
import {
  firstCrossing,
  type LookCounts,
  mostExtreme,
  obrienFlemingSpent,
} from './group-sequential.ts'
import { trialsNeeded } from './power.ts'
import { type FailureCount, isSignificant, passAtK, passHatK, wilsonInterval } from './stats.ts'
import type { ExpectationRates, FamilyTest, NoiseFloor, RateSummary } from './types.ts'

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

/**
 * Where a sequential case stands: trials per side at each look so far (the
 * last is the look being decided) and each look's share of the planned trials.
 */
export interface LooksSoFar {
  sizes: readonly number[]
  fractions: readonly number[]
}

/** One expectation's failures on each side in each look's new trials, for a test in `direction`. */
export function lookCounts(
  labels: TrialLabels,
  id: string,
  sizes: readonly number[],
  direction: 'worse' | 'better',
): LookCounts[] {
  return sizes.map((size, i) => {
    const from = i === 0 ? 0 : sizes[i - 1]!
    const b = failuresOf(count(labels.baseline.slice(from, size), id))
    const c = failuresOf(count(labels.candidate.slice(from, size), id))
    return direction === 'worse' ? { worse: c, better: b } : { worse: b, better: c }
  })
}

/** What a test says at a level, asked once per level. */
function remembered(answer: (level: number) => boolean): (level: number) => boolean {
  const known = new Map<number, boolean>()
  return (level) => {
    if (!known.has(level)) known.set(level, answer(level))
    return known.get(level)!
  }
}

/**
 * A family member: at a fixed k the one-sided Fisher test; at a sequential
 * look its exact group-sequential test over the looks so far.
 */
function member(
  hypothesis: Hypothesis,
  labels: TrialLabels,
  id: string,
  looks: LooksSoFar | undefined,
): FamilyMember {
  if (!looks)
    return {
      p: hypothesis.p,
      rejects: (level) => isSignificant(hypothesis.p, level),
      reachable: (level) => isSignificant(hypothesis.minP, level),
    }
  const counts = lookCounts(labels, id, looks.sizes, hypothesis.direction)
  const extreme = mostExtreme(counts)
  return {
    p: hypothesis.p,
    rejects: remembered((level) => firstCrossing(counts, looks.fractions, level) >= 0),
    reachable: remembered((level) => firstCrossing(extreme, looks.fractions, level) >= 0),
  }
}

/** The counts of one expectation over the trials of both sides. */
function countsOf(labels: TrialLabels, id: string) {
  return { b: count(labels.baseline, id), c: count(labels.candidate, id) }
}

const failuresOf = (side: ReturnType<typeof count>): FailureCount => ({
  failures: side.known - side.passes,
  trials: side.known,
})

/** The expectations of a case over its trials, and the one decision over all of them. */
export interface ExpectationTests {
  rates: ExpectationRates[]
  family: FamilyTest
}

/**
 * Every expectation's rates on both sides, and one decision for the case:
 * Holm (with Tarone's count) over the one-sided tests of every expectation
 * in both directions, at `alpha`, so the chance of any false REGRESSED,
 * NEW_CRITICAL_FAILURE or IMPROVED stays below it. At a fixed k the tests are
 * one-sided Fisher tests; with `looks` (a sequential case) each is an exact
 * group-sequential test over the looks so far (see ./group-sequential.ts).
 * An expectation is significant when its test in the direction it moved is
 * rejected. A change that is not gets the trials that would give 80 % power
 * to detect it at `alpha` (unless `plan` is false: a look that is not the last).
 */
export function testExpectations(
  labels: TrialLabels,
  alpha: number,
  options: { looks?: LooksSoFar; plan?: boolean } = {},
): ExpectationTests {
  const looks = options.looks
  const counts = labels.ids.map((id) => countsOf(labels, id))
  const testable = counts.map(({ b, c }) => b.known > 0 && c.known > 0)
  const hypotheses: Hypothesis[] = []
  const members: FamilyMember[] = []
  const owners: number[] = []
  counts.forEach(({ b, c }, index) => {
    if (!testable[index]) return
    for (const hypothesis of hypothesesOf({ baseline: failuresOf(b), candidate: failuresOf(c) })) {
      hypotheses.push(hypothesis)
      members.push(member(hypothesis, labels, labels.ids[index]!, looks))
      owners.push(index)
    }
  })
  const decision = holmTaroneBy(members, alpha)
  // Planned for a family of both directions of every expectation that failed at least once.
  const varying = counts.filter(({ b, c }) => b.passes < b.known || c.passes < c.known).length
  const rates = labels.ids.map((id, index): ExpectationRates => {
    const { b, c } = counts[index]!
    const rate = (side: typeof b) =>
      side.known === 0 ? 0 : (side.known - side.passes) / side.known
    const direction =
      !testable[index] || rate(b) === rate(c) ? 'same' : rate(c) > rate(b) ? 'worse' : 'better'
    const at = hypotheses.findIndex((h, i) => owners[i] === index && h.direction === direction)
    const result: ExpectationRates = {
      id,
      type: labels.types.get(id)!,
      critical: labels.critical.get(id) ?? false,
      baseline: rateSummary(b.passes, b.known),
      candidate: rateSummary(c.passes, c.known),
      unknown: { baseline: b.unknown, candidate: c.unknown },
      direction,
      pValue: at < 0 ? 1 : hypotheses[at]!.p,
      significant: at >= 0 && decision.rejected[at]!,
    }
    if (direction !== 'same' && !result.significant && options.plan !== false) {
      const [better, worse] =
        direction === 'better' ? [failuresOf(c), failuresOf(b)] : [failuresOf(b), failuresOf(c)]
      const needed = trialsNeeded(better, worse, alpha, { tests: 2 * Math.max(1, varying) })
      if (needed !== undefined) result.trialsNeeded = needed
    }
    return result
  })
  return {
    rates,
    family: {
      tests: decision.tests,
      hypotheses: hypotheses.length,
      level: looks ? obrienFlemingSpent(looks.fractions.at(-1)!, alpha) : alpha,
      planTests: 2 * Math.max(1, varying),
      ...(looks && { look: looks.sizes.length }),
    },
  }
}

/**
 * The noise floor of a version paired with itself, per expectation: how many
 * trial pairs disagree, and how often any two of its runs disagree. Each run
 * counts once: a trial whose two sides are one run (`shared[i]`) adds it once.
 * @example // 2 passes in 5 distinct runs: 6 of the 10 pairs of runs disagree
 */
export function noiseFloor(labels: TrialLabels, shared: readonly boolean[] = []): NoiseFloor[] {
  return labels.ids.map((id) => {
    const passed = (side: Map<string, ResultLabel | undefined>[]) =>
      side.map((trial) => trial.get(id) === 'PASS')
    const b = passed(labels.baseline)
    const c = passed(labels.candidate)
    const paired = b.filter((pass, index) => pass !== c[index]).length
    const all = [...b, ...c.filter((_, index) => !shared[index])]
    const passes = all.filter(Boolean).length
    const runPairs = (all.length * (all.length - 1)) / 2
    return {
      id,
      pairedDisagreements: paired,
      trials: b.length,
      runs: all.length,
      passes,
      disagreementRate: runPairs === 0 ? 0 : (passes * (all.length - passes)) / runPairs,
    }
  })
}
