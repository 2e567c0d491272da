import { SelectionMismatchError } from '../errors.ts'
import type { GatePolicy } from '../gate.ts'
import {
  assemblePair,
  type ComparedCase,
  checkSide,
  compareCase,
  comparePair,
  type PairComparison,
  type SideCase,
  type SideRuns,
} from '../pair.ts'
import { matchSelections } from '../selection.ts'
import { aggregateTrials, type TrialOptions } from './compare-trials.ts'

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
 * its own (same scenario versions and digests on both sides, and the same
 * seed when `seeds` is `'shared'`; by default each side ran its own seeds).
 * @example
 * const pair = comparePairTrials({ baseline, candidate, alpha: 0.05 })
 * pair.cases[0].trials.expectations[0].pValue
 */
export function comparePairTrials(input: {
  baseline: SideRuns
  candidate: SideRuns
  policy?: Partial<GatePolicy>
  alpha?: number
  seeds?: 'independent' | 'shared'
  sequential?: TrialOptions['sequential']
}): PairComparison {
  const all = [...input.baseline.cases, ...input.candidate.cases]
  if (all.every((item) => item.trial === undefined)) return comparePair(input)
  checkSide('baseline', input.baseline)
  checkSide('candidate', input.candidate)
  const left = byTrial(input.baseline.cases)
  const right = byTrial(input.candidate.cases)
  const indexes = [...new Set([...left.keys(), ...right.keys()])].sort((a, b) => a - b)
  const seeds = input.seeds ?? 'independent'
  const compared = indexes.flatMap((index) =>
    matchSelections(left.get(index) ?? [], right.get(index) ?? [], { seeds }).map(([b, c]) =>
      compareCase(b, c),
    ),
  )
  return assembleCompared(
    {
      baseline: input.baseline.agent,
      candidate: input.candidate.agent,
      policy: input.policy,
      alpha: input.alpha,
      trials: { seeds, ...(input.sequential && { sequential: input.sequential }) },
    },
    compared,
  )
}

/** A case recorded more than once for one trial: the selection was not one selection. */
function checkOnce(id: string, trials: readonly ComparedCase[]): void {
  const indexes = trials.map((item) => item.runs.candidate.trial ?? 1)
  if (new Set(indexes).size === indexes.length) return
  const count = String(trials.length)
  throw new SelectionMismatchError([
    { scenario: id, field: 'count', baseline: count, candidate: count },
  ])
}

/**
 * A pair from cases compared one by one (each trial of a case on its own), as
 * the Vitest workers hand them over: counts, tool calls and the gate, and per
 * case that ran several trials the statistics over them. Those need every
 * trial of the case, and each trial is its own test (retried, filtered or
 * sharded on its own), so they are computed where the trials meet; a case's
 * own comparison is never repeated.
 * @throws MixedSideError when a case was run by another agent version than its side
 * @throws SelectionMismatchError when a case (or one trial of it) was recorded twice
 */
export function assembleCompared(
  input: {
    baseline: SideRuns['agent']
    candidate: SideRuns['agent']
    policy?: Partial<GatePolicy>
    alpha?: number
    /** How cases' trials are judged: one for all, or per scenario id. */
    trials?: TrialOptions | ((scenario: string) => TrialOptions | undefined)
  },
  compared: readonly ComparedCase[],
): PairComparison {
  const sides = (name: 'baseline' | 'candidate'): SideRuns => ({
    agent: input[name],
    cases: compared.map((item) => item.runs[name]),
  })
  const baseline = sides('baseline')
  const candidate = sides('candidate')
  checkSide('baseline', baseline)
  checkSide('candidate', candidate)
  const byScenario = new Map<string, ComparedCase[]>()
  for (const item of compared) {
    const id = item.scenario.id
    byScenario.set(id, [...(byScenario.get(id) ?? []), item])
  }
  const cases = [...byScenario].map(([id, trials]) => {
    checkOnce(id, trials)
    const ordered = [...trials].sort(
      (a, b) => (a.runs.candidate.trial ?? 1) - (b.runs.candidate.trial ?? 1),
    )
    return ordered.length === 1 && ordered[0]!.runs.candidate.trial === undefined
      ? ordered[0]!
      : aggregateTrials(
          ordered,
          input.alpha,
          typeof input.trials === 'function' ? input.trials(id) : input.trials,
        )
  })
  return assemblePair({ baseline, candidate, policy: input.policy }, cases)
}
