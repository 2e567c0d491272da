import type { TestModule } from 'vitest/node'
import {
  buildReport,
  type ComparisonReport,
  comparePairTrials,
  type PairComparison,
} from '../../compare/index.ts'
import type { SideCase } from '../../compare/pair.ts'
import { compareText } from '../../core/compare-text.ts'
import type { PairCaseTaskMeta } from '../meta.ts'

/** One configured pair with every case the run recorded for it. */
export interface CollectedPair {
  meta: Pick<PairCaseTaskMeta, 'pair' | 'pairIndex' | 'gate' | 'alpha'>
  baseline: SideCase[]
  candidate: SideCase[]
  /** The scenario files whose cases were compared, absolute, sorted. */
  files: string[]
  /** The Vitest project the pair ran in. */
  project: string
}

/**
 * Gathers the pair cases from the test modules' task meta. Sorting by pair
 * position and scenario id makes the report independent of file order,
 * workers and shards.
 */
export function collectPairs(modules: ReadonlyArray<TestModule>): CollectedPair[] {
  const pairs = new Map<string, CollectedPair & { seen: Set<string> }>()
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const meta = test.meta().agenttwin
      if (meta?.kind !== 'pair-case') continue
      const key = `${meta.pairIndex}:${meta.pair.baseline}→${meta.pair.candidate}`
      let pair = pairs.get(key)
      if (!pair) {
        pair = {
          meta: { pair: meta.pair, pairIndex: meta.pairIndex, gate: meta.gate, alpha: meta.alpha },
          baseline: [],
          candidate: [],
          files: [],
          project: module.project.name,
          seen: new Set(),
        }
        pairs.set(key, pair)
      }
      pair.baseline.push(meta.baseline)
      pair.candidate.push(meta.candidate)
      pair.seen.add(module.moduleId)
    }
  }
  // Trials of a case follow each other in trial order, whichever finished first.
  const byScenario = (a: SideCase, b: SideCase) =>
    compareText(a.run.scenario.id, b.run.scenario.id) || (a.trial ?? 1) - (b.trial ?? 1)
  return [...pairs.values()]
    .sort((a, b) => a.meta.pairIndex - b.meta.pairIndex)
    .map(({ seen, ...pair }) => ({
      ...pair,
      baseline: pair.baseline.sort(byScenario),
      candidate: pair.candidate.sort(byScenario),
      files: [...seen].sort(compareText),
    }))
}

/** Compares every collected pair and builds the versioned report. */
export function compareCollected(pairs: readonly CollectedPair[]): {
  comparisons: PairComparison[]
  report: ComparisonReport
} {
  const comparisons = pairs.map((pair) =>
    // Without trials this is comparePair itself.
    comparePairTrials({
      baseline: { agent: pair.baseline[0]!.run.agent, cases: pair.baseline },
      candidate: { agent: pair.candidate[0]!.run.agent, cases: pair.candidate },
      policy: pair.meta.gate,
      alpha: pair.meta.alpha,
    }),
  )
  return { comparisons, report: buildReport(comparisons) }
}
