import { relative } from 'node:path'
import type { TestModule, Vitest } from 'vitest/node'
import type { RunError } from '../../../compare/report.ts'
import { compareText } from '../../../core/compare-text.ts'

/** What Vitest hands a reporter for an error: a serialised error, or anything thrown. */
interface ReportedError {
  message?: unknown
  name?: unknown
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { message, name } = error as ReportedError
    if (typeof message === 'string' && message.length > 0) return message
    if (typeof name === 'string') return name
  }
  return String(error)
}

const DOCUMENT = /\.(ya?ml|json)$/i

/**
 * Whether a test module belongs to AgentTwin: a project that uses the plugin
 * (its scenario files and its test files alike), or a scenario document
 * wherever it runs.
 */
function ownModule(module: TestModule): boolean {
  if (DOCUMENT.test(module.moduleId)) return true
  return module.project.vite.config.plugins.some((plugin) => plugin.name === 'agenttwin')
}

/**
 * What kept part of the run from being judged, as Vitest reported it: each
 * AgentTwin test file that did not load (a scenario document with errors, an
 * agents module that throws), file-level errors of those that did, and
 * errors outside any test. Paths are relative to the root; sorted by file.
 */
export function collectRunErrors(
  vitest: Vitest | undefined,
  modules: ReadonlyArray<TestModule>,
  unhandled: ReadonlyArray<unknown>,
): RunError[] {
  const root = vitest?.config.root ?? process.cwd()
  const errors: RunError[] = []
  for (const module of modules) {
    if (!ownModule(module)) continue
    const own = module.errors()
    if (own.length === 0) continue
    const loaded = [...module.children.allTests()].length > 0
    for (const error of own) {
      errors.push({
        kind: loaded ? 'unhandled-error' : 'load-failure',
        file: relative(root, module.moduleId),
        project: module.project.name,
        message: messageOf(error),
      })
    }
  }
  errors.sort((a, b) => compareText(a.file ?? '', b.file ?? ''))
  for (const error of unhandled) errors.push({ kind: 'unhandled-error', message: messageOf(error) })
  return errors
}
