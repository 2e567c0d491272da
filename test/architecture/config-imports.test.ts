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

/** Static value imports (`import type` and dynamic `import()` load nothing up front). */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '')
  const found = text.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]/gm)
  return [...found].map((match) => match[1] as string)
}

/** Each chain of static imports from the entry that ends in a test-file-only package. */
function chainsToTestOnly(entry: string): string[] {
  const chains: string[] = []
  const seen = new Set<string>()
  const walk = (file: string, chain: string[]) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const specifier of staticImports(file)) {
      if (TEST_FILE_ONLY.some((name) => specifier === name || specifier.startsWith(`${name}/`))) {
        chains.push([...chain, specifier].join(' -> '))
      } else if (specifier.startsWith('.')) {
        const next = resolve(dirname(file), specifier)
        if (existsSync(next)) walk(next, [...chain, relative(src, next)])
      }
    }
  }
  walk(resolve(src, entry), [entry])
  return chains
}

describe('what the Vitest main process loads', () => {
  it.each(MAIN_PROCESS_ENTRIES)('%s reaches no interception module up front', (entry) => {
    expect(chainsToTestOnly(entry)).toEqual([])
  })

  it('the check sees an interception module where one is imported', () => {
    expect(chainsToTestOnly('public/msw.ts').length).toBeGreaterThan(0)
  })
})
