import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// What the Vitest main process loads: the config imports `agenttwin/vitest`
// for the plugin, and the reporter runs there. The interception (MSW and
// @mswjs/interceptors, which loads Node's whole fetch implementation) is for
// test files only; statically imported here, it costs every run about half a
// second of CPU before the first test.
const src = resolve(import.meta.dirname, '../../src')
const MAIN_PROCESS_ENTRIES = ['public/vitest.ts', 'public/reporter.ts']
const TEST_FILE_ONLY = ['msw', '@mswjs/interceptors']

// And the converse: what a test file loads. It imports `agenttwin/vitest` for
// `describeScenario`, and the setup file and scenario modules load the runtime.
// Vite's own entry (which `vitest/config` re-exports from) and the reporter
// (with the HTML, Markdown and terminal renderers) are for the main process
// only: statically imported, they cost every isolated test file a fresh load
// of Vite and its bundler, a few hundred milliseconds of CPU.
const TEST_FILE_ENTRIES = [
  'public/vitest.ts',
  'public/vitest-setup.ts',
  'vitest/runtime/scenario-suite.ts',
]
const MAIN_PROCESS_ONLY = ['vite', 'vitest/config', 'vitest/node']
const MAIN_PROCESS_ONLY_FILES = ['vitest/node/reporter/', 'report/html/']

/** Static value imports (`import type` and dynamic `import()` load nothing up front). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  const found = text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)
  return [...found].map((match) => match[1] as string)
}

/** Each chain of static imports from the entry that ends in one of `packages` or `files`. */
function chainsTo(entry: string, packages: string[], files: string[] = []): string[] {
  const chains: string[] = []
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of staticImports(file)) {
      if (packages.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
        chains.push([...chain, specifier].join(' -> '))
      } else if (specifier.startsWith('.')) {
        const next = resolve(dirname(file), specifier)
        const named = relative(src, next)
        if (files.some((prefix) => named.startsWith(prefix)))
          chains.push([...chain, named].join(' -> '))
        else if (existsSync(next)) walk(next, [...chain, named])
      }
    }
  }
  walk(resolve(src, entry), [entry])
  return chains
}

describe('what the Vitest main process loads', () => {
  it.each(MAIN_PROCESS_ENTRIES)('%s reaches no interception module up front', (entry) => {
    expect(chainsTo(entry, TEST_FILE_ONLY)).toEqual([])
  })

  it('the check sees an interception module where one is imported', () => {
    expect(chainsTo('public/msw.ts', TEST_FILE_ONLY).length).toBeGreaterThan(0)
  })
})

describe('what a test file loads', () => {
  it.each(TEST_FILE_ENTRIES)('%s reaches neither Vite nor the reporter up front', (entry) => {
    expect(chainsTo(entry, MAIN_PROCESS_ONLY, MAIN_PROCESS_ONLY_FILES)).toEqual([])
  })

  it('the check sees Vite and the reporter where they are imported', () => {
    expect(chainsTo('public/reporter.ts', [], MAIN_PROCESS_ONLY_FILES)).toContain(
      'public/reporter.ts -> vitest/node/reporter/reporter.ts',
    )
    expect(chainsTo('vitest/node/suite-attacks-option.ts', MAIN_PROCESS_ONLY)).toEqual([])
    expect(
      chainsTo('public/index.ts', MAIN_PROCESS_ONLY, MAIN_PROCESS_ONLY_FILES).length,
    ).toBeGreaterThan(0)
  })
})
