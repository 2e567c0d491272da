import { relative } from 'node:path'
import type { Vitest } from 'vitest/node'
import type { PartialSelection, RunError } from '../../../compare/report.ts'
import { compareText } from '../../../core/compare-text.ts'
import type { AgentTwinPluginApi } from '../plugin-api.ts'
import type { CollectedPair } from './collect.ts'

/**
 * Which configured scenario files a pair's run left out: `vitest --changed`,
 * a file filter or one shard run only part of the selection, and a gate
 * judged on part of it says nothing about the whole. A file that was run but
 * did not load is not "left out": it is a run error, reported as such.
 */
export function selectionOf(
  vitest: Vitest | undefined,
  pair: CollectedPair,
  runErrors: readonly RunError[] = [],
): PartialSelection | undefined {
  const project = vitest?.projects.find((candidate) => candidate.name === pair.project)
  const plugin = project?.vite.config.plugins.find((candidate) => candidate.name === 'agenttwin')
  const api = plugin?.api as AgentTwinPluginApi | undefined
  if (!api || !vitest) return undefined
  const ran = new Set(pair.files)
  const failed = new Set(
    runErrors
      .filter((error) => error.kind === 'load-failure' && error.project === pair.project)
      .map((error) => error.file),
  )
  const notRun = api
    .scenarioFiles()
    .filter((file) => !ran.has(file) && !failed.has(relative(vitest.config.root, file)))
  if (notRun.length === 0) return undefined
  const shown = (files: Iterable<string>) =>
    [...files].map((file) => relative(vitest.config.root, file)).sort(compareText)
  return { ran: shown(ran), notRun: shown(notRun) }
}

/** Several pairs' partial selections as one: what ran for any pair, what did not for some. */
export function mergeSelections(
  selections: readonly (PartialSelection | undefined)[],
): PartialSelection | undefined {
  const partial = selections.filter((selection) => selection !== undefined)
  if (partial.length === 0) return undefined
  const ran = new Set(partial.flatMap((selection) => selection.ran))
  const notRun = new Set(partial.flatMap((selection) => selection.notRun))
  return { ran: [...ran].sort(compareText), notRun: [...notRun].sort(compareText) }
}
