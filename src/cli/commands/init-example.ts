import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { ownRoot } from '../../core/own-files.ts'

/** The examples `agenttwin init --example` can copy, with what each needs installed. */
export const EXAMPLES: Readonly<
  Record<string, { summary: string; config: string; needs: string[] }>
> = {
  'demo-co': {
    summary: 'Demo Co: a support refund agent in three versions, nine scenarios, three pairs',
    needs: ['@modelcontextprotocol/sdk'],
    config: `import { agentTwin } from 'agenttwin/vitest'
import { defineConfig } from 'vitest/config'

// Demo Co: three versions of a support refund agent, compared in pairs.
export default defineConfig({
  plugins: [
    agentTwin({
      scenarios: 'scenarios/*.scenario.yaml',
      agents: './agent/index.ts',
      // The planner reads its manifests from disk: edit one and the scenarios rerun.
      agentFiles: 'manifests/*.md',
      pairs: [
        // The deliberate regression: the gate must block it.
        { baseline: 'v1.2.4', candidate: 'v1.3.0', expectGate: 'BLOCK' },
        { baseline: 'v1.3.0', candidate: 'v1.3.1' },
        { baseline: 'v1.2.4', candidate: 'v1.3.1' },
      ],
      overrides: 'reviews/overrides.yaml',
    }),
  ],
  test: { isolate: false },
})
`,
  },
}

/** Files of an example that belong to this repository's own checks, not to a user's copy. */
const REPOSITORY_ONLY = new Set(['check.ts', 'conversations/check-conversations.ts'])

/** One file of a copy: where it goes and what it holds. */
export interface ExampleFile {
  path: string
  text: string
}

/**
 * The files of an example as a user's project needs them: the shipped copy,
 * with its imports of the package's sources turned into imports of the
 * package, and a `vitest.config.ts` that runs it.
 */
export function exampleFiles(name: string): ExampleFile[] {
  const files = shippedFiles(join('examples', name), REPOSITORY_ONLY)
  return [...files, { path: 'vitest.config.ts', text: EXAMPLES[name]!.config }]
}

/**
 * Every file of a folder the package ships (a path from the package root), as
 * a user's project gets it: its imports of the package's sources written as
 * imports of the package (`asInstalled`), minus the files named in `skip`.
 */
export function shippedFiles(folder: string, skip: ReadonlySet<string> = new Set()): ExampleFile[] {
  const source = join(ownRoot(), folder)
  return walk(source)
    .filter((file) => !skip.has(relative(source, file).split(sep).join('/')))
    .map((file) => ({
      path: relative(source, file).split(sep).join('/'),
      text: asInstalled(readFileSync(file, 'utf8')),
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** `public/adapters/ai-sdk` → `agenttwin/adapters/ai-sdk`: the package's entries by their source, from its exports. */
function publicEntries(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(ownRoot(), 'package.json'), 'utf8')) as {
    name: string
    exports: Record<string, string | { default?: string }>
  }
  const entries = new Map<string, string>()
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const file = typeof target === 'string' ? target : target.default
    const source = /^\.\/dist\/(public\/[\w/-]+)\.js$/.exec(file ?? '')?.[1]
    if (source) entries.set(source, `${manifest.name}${subpath.slice(1)}`)
  }
  return entries
}

/**
 * A shipped file's imports of the package's own sources, as a user writes
 * them: an import of `src/public/adapters/ai-sdk.ts` (by a relative path)
 * becomes one of `agenttwin/adapters/ai-sdk`, each public entry by the
 * subpath that exports it, and a type import from any other source file
 * becomes one from `agenttwin`.
 * @example
 * asInstalled(shipped) // its imports of src/public/vitest.ts now of 'agenttwin/vitest'
 */
export function asInstalled(text: string): string {
  const entries = publicEntries()
  return text
    .replace(/'(?:\.\.\/)+src\/(public\/[\w/-]+)\.ts'/g, (found, source: string) => {
      const entry = entries.get(source)
      return entry ? `'${entry}'` : found
    })
    .replace(/^(import type \{[^}]*\} from )'(?:\.\.\/)+src\/[^']*'/gm, "$1'agenttwin'")
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : [path]
  })
}

/**
 * Writes the files under `dir`; returns the ones that exist already (then
 * nothing is written). A YAML file's `$schema` pointer into
 * `node_modules/agenttwin` is written relative to where the package is
 * installed, so an editor finds the schema whatever folder `dir` is.
 */
export function writeExample(files: readonly ExampleFile[], dir: string): string[] {
  const existing = files.filter((file) => existsSync(join(dir, file.path))).map((file) => file.path)
  if (existing.length > 0) return existing
  const root = projectRoot(dir)
  for (const file of files) {
    const target = join(dir, file.path)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, schemaPointers(file.text, dirname(target), root), { flag: 'wx' })
  }
  return []
}

/** The nearest folder at or above `dir` that has the package installed, else one with a package.json, else `dir`. */
function projectRoot(dir: string): string {
  const above = (has: (folder: string) => boolean) => {
    for (let folder = dir; ; folder = dirname(folder)) {
      if (has(folder)) return folder
      if (dirname(folder) === folder) return undefined
    }
  }
  return (
    above((folder) => existsSync(join(folder, 'node_modules', 'agenttwin'))) ??
    above((folder) => existsSync(join(folder, 'package.json'))) ??
    dir
  )
}

/** `$schema=../node_modules/agenttwin/...` with the path from `fileDir` to `root`'s node_modules. */
function schemaPointers(text: string, fileDir: string, root: string): string {
  const modules = relative(fileDir, join(root, 'node_modules')).split(sep).join('/')
  return text.replace(
    /(\$schema=)(?:\.\.\/)*node_modules\/agenttwin\//g,
    (_found, head: string) => `${head}${modules}/agenttwin/`,
  )
}
