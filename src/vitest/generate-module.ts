import { dirname, resolve } from 'node:path'
import { parse } from 'yaml'
import type { ResolvedSuiteOptions } from './resolve-options.ts'

/** Query that marks an import made only to record a dependency edge. */
export const DEPENDENCY_QUERY = '?agenttwin-dependency'

export interface GenerateInput {
  /** Absolute path of the scenario document. */
  file: string
  source: string
  /** Absolute path of the module that exports the agents. */
  agentsFile: string
  /** Absolute path of the runtime module. */
  runtimeFile: string
  options: ResolvedSuiteOptions
}

/**
 * The test module a scenario document becomes. Its imports are real module
 * graph edges: the agents module, and the twin document the scenario names
 * (through a dependency-only import), so watch mode and `vitest --changed`
 * rerun a scenario when its twin or its agent changes. Nothing of the twin is
 * inlined: the worker reads documents fresh, so a changed twin is never stale.
 */
export function generateScenarioModule(input: GenerateInput): string {
  const twinFile = referencedTwin(input.file, input.source)
  const lines = [
    `import { defineScenarioSuite } from ${JSON.stringify(input.runtimeFile)}`,
    `import * as agentModule from ${JSON.stringify(input.agentsFile)}`,
  ]
  if (twinFile) lines.push(`import ${JSON.stringify(`${twinFile}${DEPENDENCY_QUERY}`)}`)
  lines.push(
    'defineScenarioSuite({',
    `  file: ${JSON.stringify(input.file)},`,
    `  agentsFile: ${JSON.stringify(input.agentsFile)},`,
    '  agentModule,',
    `  options: ${JSON.stringify(input.options)},`,
    '})',
    '',
  )
  return lines.join('\n')
}

/** The twin a scenario names, if the document is readable enough to say; the loader reports the rest. */
export function referencedTwin(file: string, source: string): string | undefined {
  try {
    const document = parse(source, { maxAliasCount: 100 }) as { twin?: unknown } | null
    if (document && typeof document.twin === 'string') return resolve(dirname(file), document.twin)
  } catch {
    // An unreadable scenario fails in the worker with the loader's file:line:col message.
  }
  return undefined
}
