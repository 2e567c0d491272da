import { statSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import { glob, isDynamicPattern } from 'tinyglobby'
import { compareText } from '../../core/compare-text.ts'
import { AgentTwinError, type DocumentProblem, InvalidDocumentError } from '../../core/errors.ts'
import { deepFreeze } from '../../core/freeze.ts'
import type { ScenarioSource } from '../../scenario/pin.ts'
import { DocumentStore } from '../../schema/document-store.ts'
import { loadScenarioIn } from '../../schema/parse-scenario.ts'

const SCENARIO_GLOB = '**/*.scenario.{yaml,yml,json}'

/** Two scenario files share an id, so their cases could not be told apart. Code `AGENTTWIN_DUPLICATE_SCENARIO_ID`. */
export class DuplicateScenarioIdError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_DUPLICATE_SCENARIO_ID'

  constructor(id: string, files: string[]) {
    super({
      problem: `scenario id "${id}" is used by ${files.join(' and ')}.`,
      fix: 'give each scenario its own id, or leave one file out.',
    })
  }
}

function kindOf(path: string): 'file' | 'directory' | undefined {
  try {
    return statSync(path).isDirectory() ? 'directory' : 'file'
  } catch {
    return undefined
  }
}

/**
 * The scenario files that `args` name: files as they are, every
 * `*.scenario.{yaml,yml,json}` under a directory, and glob patterns. Sorted,
 * without repeats. A directory or pattern that finds nothing is a problem
 * (returned as a sentence); a file that does not exist is left for the
 * loader, which reports it at its path.
 */
export async function scenarioFiles(
  args: readonly string[],
  cwd: string,
): Promise<string[] | { problem: string }> {
  const files = new Set<string>()
  for (const arg of args) {
    const path = resolve(cwd, arg)
    const kind = kindOf(path)
    let found: string[]
    if (kind === 'file') found = [path]
    else if (kind === 'directory') found = await glob(SCENARIO_GLOB, { cwd: path, absolute: true })
    else if (isDynamicPattern(arg)) found = await glob(arg, { cwd, absolute: true })
    else found = [path]
    if (found.length === 0) {
      const what =
        kind === 'directory' ? `no ${SCENARIO_GLOB} files under ${arg}` : `nothing matches ${arg}`
      return { problem: `${what}; give scenario files, directories of them, or glob patterns` }
    }
    for (const file of found) files.add(resolve(file))
  }
  return [...files].sort()
}

/**
 * Loads every scenario with its twin and reports every problem of every file
 * at once (a twin shared by several scenarios reports its problems once).
 * The command's documents are read, hashed and parsed once each: a twin that
 * every scenario names is checked once.
 * @throws InvalidDocumentError, DuplicateScenarioIdError
 */
export async function loadScenarios(
  files: readonly string[],
  cwd: string,
): Promise<ScenarioSource[]> {
  const store = new DocumentStore()
  const settled = await Promise.allSettled(files.map(async (file) => loadScenarioIn(store, file)))
  const problems = new Map<string, DocumentProblem>()
  const sources: ScenarioSource[] = []
  for (const outcome of settled) {
    if (outcome.status === 'rejected') {
      if (!(outcome.reason instanceof InvalidDocumentError)) throw outcome.reason
      for (const problem of outcome.reason.problems) {
        problems.set(
          `${problem.file}:${problem.line}:${problem.column} ${problem.message}`,
          problem,
        )
      }
      continue
    }
    const { file, document, twin } = outcome.value
    // Loaded here and held by nobody else: frozen, it is pinned without a copy.
    sources.push({ file: relative(cwd, file) || file, document, twin: deepFreeze(twin) })
  }
  if (problems.size > 0) throw new InvalidDocumentError([...problems.values()])
  const byId = new Map<string, string[]>()
  for (const source of sources) {
    const list = byId.get(source.document.id) ?? []
    list.push(source.file ?? source.document.id)
    byId.set(source.document.id, list)
  }
  for (const [id, list] of byId) if (list.length > 1) throw new DuplicateScenarioIdError(id, list)
  return sources.sort((a, b) => compareText(a.document.id, b.document.id))
}
