import type { TestCase, TestModule } from 'vitest/node'
import type { ReportExtras } from '../../../compare/build-report.ts'
import {
  assembleCompared,
  buildReport,
  type ComparedCase,
  type ComparisonReport,
  type PairComparison,
  type SideCase,
  type TrialOptions,
} from '../../../compare/index.ts'
import type { RunError } from '../../../compare/report.ts'
import { gateWithRunErrors } from '../../../compare/run-errors.ts'
import { compareText } from '../../../core/compare-text.ts'
import { AgentTwinError } from '../../../core/errors.ts'
import {
  PAIR_CASE_ARTIFACT,
  type PairCaseArtifact,
  type PairCaseTaskMeta,
  SINGLE_CASE_ARTIFACT,
} from '../../shared/meta.ts'

/** One configured pair with every case the run recorded for it. */
export interface CollectedPair {
  meta: Pick<PairCaseTaskMeta, 'pair' | 'pairIndex' | 'gate' | 'alpha'>
  /** Each case (each trial of a case) as its test compared it, by scenario id and trial. */
  cases: ComparedCase[]
  /** How each case's trials are judged, by scenario id (cases that ran trials). */
  trials?: Record<string, TrialOptions>
  /** The scenario files whose cases were compared, absolute, sorted. */
  files: string[]
  /** The Vitest project the pair ran in. */
  project: string
}

/** A pair test whose record is missing: a blob or report written by another version. */
export class MissingPairRecordError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MISSING_PAIR_RECORD'

  constructor(test: TestCase) {
    super({
      problem: `The pair test "${test.fullName}" (${test.module.moduleId}) carries no "${PAIR_CASE_ARTIFACT}" artifact, so its case cannot be compared.`,
      fix: 'rerun it (or the shards) with this version of agenttwin before merging reports.',
    })
  }
}

/** The record a pair test stored; a retried test stored one per attempt, the last counts. */
function recordOf(test: TestCase): PairCaseArtifact {
  const records = test.artifacts().filter((artifact) => artifact.type === PAIR_CASE_ARTIFACT)
  const record = records.at(-1)
  if (!record) throw new MissingPairRecordError(test)
  return record
}

/**
 * Gathers the pair cases from the test modules' task meta and artifacts. A pair
 * belongs to its Vitest project: two projects whose pairs name the same
 * versions (`v1` and `v2` in each) get a pair each, never one of mixed sides.
 * Sorting by project, pair position and scenario id makes the report
 * independent of file order, workers and shards.
 */
export function collectPairs(modules: ReadonlyArray<TestModule>): CollectedPair[] {
  const pairs = new Map<string, CollectedPair & { seen: Set<string> }>()
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      const meta = test.meta().agenttwin
      if (meta?.kind !== 'pair-case') continue
      const project = module.project.name
      const key = JSON.stringify([project, meta.pairIndex, meta.pair.baseline, meta.pair.candidate])
      let pair = pairs.get(key)
      if (!pair) {
        pair = {
          meta: { pair: meta.pair, pairIndex: meta.pairIndex, gate: meta.gate, alpha: meta.alpha },
          cases: [],
          files: [],
          project,
          seen: new Set(),
        }
        pairs.set(key, pair)
      }
      const record = recordOf(test)
      pair.cases.push(record.compared)
      if (record.trials) {
        pair.trials ??= {}
        pair.trials[record.compared.scenario.id] = record.trials
      }
      pair.seen.add(module.moduleId)
    }
  }
  // Trials of a case follow each other in trial order, whichever finished first.
  const byScenario = (a: ComparedCase, b: ComparedCase) =>
    compareText(a.scenario.id, b.scenario.id) ||
    (a.runs.candidate.trial ?? 1) - (b.runs.candidate.trial ?? 1)
  return [...pairs.values()]
    .sort((a, b) => compareText(a.project, b.project) || a.meta.pairIndex - b.meta.pairIndex)
    .map(({ seen, ...pair }) => ({
      ...pair,
      cases: pair.cases.sort(byScenario),
      files: [...seen].sort(compareText),
    }))
}

/** A case run on one agent version (no pair), with the Vitest project it ran in. */
export interface CollectedSingleCase extends SideCase {
  project: string
}

/**
 * The cases run on one agent version (no pair) as their expectation tests
 * recorded them: one per project, scenario file, version and trial,
 * whichever test of the case carried the record.
 */
export function collectSingleCases(modules: ReadonlyArray<TestModule>): CollectedSingleCase[] {
  const cases = new Map<string, CollectedSingleCase>()
  for (const module of modules) {
    for (const test of module.children.allTests()) {
      for (const artifact of test.artifacts()) {
        if (artifact.type !== SINGLE_CASE_ARTIFACT) continue
        const { run, trial } = artifact.evaluated
        const key = `${module.project.name}\0${module.moduleId}\0${run.scenario.id}\0${run.agent.version}\0${trial ?? 1}`
        cases.set(key, { ...artifact.evaluated, project: module.project.name })
      }
    }
  }
  return [...cases.values()]
}

/**
 * Whether a report names the Vitest project of each pair and case: when they
 * ran in more than one project, so that two projects' pairs of the same
 * versions read apart.
 */
export function namesProjects(
  pairs: readonly Pick<CollectedPair, 'project'>[],
  singleCases: readonly { project?: string }[] = [],
): boolean {
  const projects = new Set([...pairs, ...singleCases].map((item) => item.project ?? ''))
  return projects.size > 1
}

/**
 * The report of every collected pair. Each case arrives compared by its test;
 * here they are only aggregated: counts, tool calls, the gate, and the
 * statistics over a case's trials, which need every trial's test. Cases run
 * without a pair and run errors join the report beside the pairs; a run error
 * in a pair's project (one of its scenarios did not load) blocks that pair.
 * When the pairs and cases ran in more than one Vitest project, each names
 * its project.
 */
export function compareCollected(
  pairs: readonly CollectedPair[],
  extras: ReportExtras = {},
): {
  comparisons: PairComparison[]
  report: ComparisonReport
} {
  const errors: readonly RunError[] = extras.runErrors ?? []
  const singles = extras.singleCases ?? []
  const named = namesProjects(pairs, singles)
  const comparisons = pairs.map((pair) => {
    const compared = assembleCompared(
      {
        baseline: pair.cases[0]!.runs.baseline.run.agent,
        candidate: pair.cases[0]!.runs.candidate.run.agent,
        policy: pair.meta.gate,
        alpha: pair.meta.alpha,
        trials: (id) => pair.trials?.[id],
      },
      pair.cases,
    )
    const own = errors.filter((error) => error.project === pair.project)
    const gated =
      own.length === 0 ? compared : { ...compared, gate: gateWithRunErrors(compared.gate, own) }
    return named ? { project: pair.project, ...gated } : gated
  })
  const singleCases = singles.map(({ project, ...side }) =>
    named ? { ...side, project: project ?? '' } : side,
  )
  return { comparisons, report: buildReport(comparisons, { ...extras, singleCases }) }
}
