import { relative } from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import type { TestCase, TestModule, Vitest } from 'vitest/node'
import type { RunError } from '../../../compare/report.ts'
import { compareText } from '../../../core/compare-text.ts'

/** What Vitest hands a reporter for an error: a serialised error, or anything thrown. */
interface ReportedError {
  message?: unknown
  name?: unknown
}

/**
 * The error's message as plain text: a matcher's message carries the colours
 * of the terminal it ran in, which the JSON, HTML and step summary must not.
 */
function messageOf(error: unknown): string {
  if (error && typeof error === 'object') {
    const { message, name } = error as ReportedError
    if (typeof message === 'string' && message.length > 0) return stripVTControlCharacters(message)
    if (typeof name === 'string') return name
  }
  return stripVTControlCharacters(String(error))
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
 * A failed test whose verdict no case of the report carries: one written by
 * hand (a `describeScenario` block's own `expect`, a fault rule refused at
 * run time). The plugin's expectation and pair tests (task meta `agenttwin`)
 * are their cases' verdicts already.
 */
function failedTestError(test: TestCase, file: string, project: string): RunError | undefined {
  if (test.meta().agenttwin !== undefined) return undefined
  const result = test.result()
  if (result.state !== 'failed') return undefined
  const [first, ...more] = result.errors ?? []
  const message = first === undefined ? 'the test failed' : messageOf(first)
  const others =
    more.length > 0 ? `\n(and ${more.length} more ${more.length === 1 ? 'error' : 'errors'})` : ''
  return { kind: 'failed-test', file, project, test: test.fullName, message: `${message}${others}` }
}

/**
 * What the report's cases do not say, as Vitest reported it: each AgentTwin
 * test file that did not load (a scenario document with errors, an agents
 * module that throws), file-level errors of those that did, failed tests
 * written by hand, and errors outside any test. Paths are relative to the
 * root; sorted by file, a file's failed tests in the file's order.
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
    const file = relative(root, module.moduleId)
    const project = module.project.name
    const tests = [...module.children.allTests()]
    for (const error of module.errors()) {
      errors.push({
        kind: tests.length > 0 ? 'unhandled-error' : 'load-failure',
        file,
        project,
        message: messageOf(error),
      })
    }
    for (const test of tests) {
      const failed = failedTestError(test, file, project)
      if (failed) errors.push(failed)
    }
  }
  // A stable sort: within a file, its errors come before its failed tests, each in its order.
  errors.sort((a, b) => compareText(a.file ?? '', b.file ?? ''))
  for (const error of unhandled) errors.push({ kind: 'unhandled-error', message: messageOf(error) })
  return errors
}
