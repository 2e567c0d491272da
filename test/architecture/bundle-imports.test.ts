import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

// What each built entry of the package loads up front, read from dist/ as Node
// loads it: the static imports of each file, followed through the shared
// chunks, and the source modules each file holds (its source map). The
// sources' own import graph is checked in config-imports.test.ts; this checks
// that the build's grouping of modules into chunks (scripts/chunk-plan.mjs)
// kept what it promises, in the files a user installs.
const root = resolve(import.meta.dirname, '../..')
const dist = join(root, 'dist')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>
}

interface Loaded {
  /** Files of dist/ (relative, `/`-separated), the entry first. */
  files: string[]
  /** Every import specifier that is not a file of the package. */
  specifiers: Set<string>
  /** Source modules (relative to the repository) inside the loaded files. */
  sources: Set<string>
}

/** A path under `from`, `/`-separated on every system. */
const under = (from: string, to: string) => relative(from, to).split(sep).join('/')

const STATIC_IMPORT = /^(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?["']([^"']+)["'];?$/gm

function loadedBy(entry: string): Loaded {
  const loaded: Loaded = { files: [], specifiers: new Set(), sources: new Set() }
  const visit = (file: string) => {
    if (loaded.files.includes(file)) return
    loaded.files.push(file)
    const code = readFileSync(join(dist, file), 'utf8')
    // A file that only re-exports from chunks has no code of its own, and no map.
    const mapFile = join(dist, `${file}.map`)
    const map = existsSync(mapFile)
      ? (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] })
      : { sources: [] }
    for (const source of map.sources) {
      loaded.sources.add(under(root, resolve(dirname(join(dist, file)), source)))
    }
    for (const [, specifier] of code.matchAll(STATIC_IMPORT)) {
      if (specifier!.startsWith('.'))
        visit(under(dist, resolve(dirname(join(dist, file)), specifier!)))
      else loaded.specifiers.add(specifier!)
    }
  }
  visit(entry)
  return loaded
}

const packageOf = (specifier: string) =>
  specifier.startsWith('node:')
    ? 'node'
    : specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/')

const packagesOf = (loaded: Loaded) => new Set([...loaded.specifiers].map(packageOf))

describe('what the built entries load up front', () => {
  it("a scenario file's worker loads, besides the entries it imports, the five shared groups and no other file", () => {
    for (const entry of ['vitest/runtime/scenario-suite.js', 'public/vitest-setup.js']) {
      const { files } = loadedBy(entry)
      const others = files
        .slice(1)
        .filter(
          (file) => !/^chunks\/(base|core|interception|vitest|runtime)-[\w-]+\.js$/.test(file),
        )
      expect(others, entry).toEqual([])
    }
  })

  it('the Vitest main process (config and reporter) loads neither MSW nor @mswjs/interceptors', () => {
    for (const entry of ['public/vitest.js', 'public/reporter.js']) {
      const packages = packagesOf(loadedBy(entry))
      expect(packages.has('msw') || packages.has('@mswjs/interceptors'), entry).toBe(false)
    }
  })

  it('a test file loads neither Vite nor the reporter and its renderers', () => {
    for (const entry of [
      'public/vitest.js',
      'public/vitest-setup.js',
      'vitest/runtime/scenario-suite.js',
    ]) {
      const loaded = loadedBy(entry)
      const mainOnly = [...loaded.specifiers].filter((specifier) =>
        ['vite', 'vitest/config', 'vitest/node'].includes(specifier),
      )
      const renderers = [...loaded.sources].filter(
        (source) =>
          source.startsWith('src/vitest/node/reporter/') || source.startsWith('src/report/html/'),
      )
      expect({ mainOnly, renderers }, entry).toEqual({ mainOnly: [], renderers: [] })
    }
  })

  it('the core entries reach only Node, the dependencies and Vitest: no optional peer', () => {
    const allowed = new Set(['node', 'vitest', ...Object.keys(manifest.dependencies)])
    for (const entry of [
      'public/index.js',
      'public/vitest.js',
      'public/vitest-setup.js',
      'public/reporter.js',
      'public/msw.js',
      'vitest/runtime/scenario-suite.js',
      'cli/main.js',
    ]) {
      const strays = [...packagesOf(loadedBy(entry))].filter((name) => !allowed.has(name))
      expect(strays, entry).toEqual([])
    }
  })

  it('an adapter entry loads neither the renderers nor diff; the main entry loads them', () => {
    const renderers = (loaded: Loaded) =>
      [...loaded.sources].filter((source) => source.startsWith('src/report/html/'))
    for (const entry of [
      'public/adapters/ai-sdk.js',
      'public/adapters/openai-agents.js',
      'public/adapters/langchain.js',
      'public/adapters/mastra.js',
    ]) {
      const loaded = loadedBy(entry)
      expect({ renderers: renderers(loaded), diff: packagesOf(loaded).has('diff') }, entry).toEqual(
        { renderers: [], diff: false },
      )
    }
    const main = loadedBy('public/index.js')
    expect(renderers(main).length).toBeGreaterThan(0)
    expect(packagesOf(main).has('diff')).toBe(true)
  })

  it('no entry loads the yaml package up front: it is loaded when a text is first parsed', () => {
    // A worker whose documents come from the kept cache never parses one.
    for (const entry of [
      'public/index.js',
      'public/vitest.js',
      'public/vitest-setup.js',
      'vitest/runtime/scenario-suite.js',
      'public/adapters/ai-sdk.js',
      'cli/main.js',
    ]) {
      expect(packagesOf(loadedBy(entry)).has('yaml'), entry).toBe(false)
    }
  })

  it('`agenttwin --version` loads Node alone, from its own file and the small base chunk', () => {
    const loaded = loadedBy('cli/main.js')
    expect([...packagesOf(loaded)]).toEqual(['node'])
    expect(
      loaded.files.every((file) => file === 'cli/main.js' || file.startsWith('chunks/base-')),
    ).toBe(true)
  })

  it('the check sees the imports it looks for', () => {
    // Each pattern above finds what it looks for where it is there to find.
    expect(packagesOf(loadedBy('public/msw.js')).has('msw')).toBe(true)
    expect(packagesOf(loadedBy('vitest/runtime/scenario-suite.js')).has('vitest')).toBe(true)
    expect(loadedBy('public/reporter.js').sources).toContain('src/vitest/node/reporter/reporter.ts')
    expect(loadedBy('vitest/runtime/scenario-suite.js').files.length).toBeGreaterThan(2)
  })
})
