#!/usr/bin/env node
// Bundles src/ into dist/ as a few ES module files: one per package entry
// (package.json "exports" and the bin), one per module the package loads by
// path (src/core/own-files.ts), and shared chunks under dist/chunks/, grouped
// as scripts/chunk-plan.mjs decides. An isolated Vitest test file is a fresh
// worker that loads the package anew; a few files instead of one per source
// module is most of its start-up.
// The type declarations come from tsc (emitDeclarationOnly) beside them.
import { readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'rolldown'
import { chunkPlan, packageOf } from './chunk-plan.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const dist = join(root, 'dist')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** `dist/x/y.js` → `x/y`, for every file of package.json "exports". */
function exportedEntries() {
  return Object.values(manifest.exports)
    .map((target) => (typeof target === 'string' ? target : target.default))
    .map((file) => /^\.\/dist\/(.+)\.js$/.exec(file ?? '')?.[1])
    .filter(Boolean)
}

/** The modules src/core/own-files.ts names (`OWN_MODULES`): loaded by path, so each stays a file. */
function ownModules() {
  const source = readFileSync(join(root, 'src/core/own-files.ts'), 'utf8')
  const list = /OWN_MODULES = \[([^\]]*)\]/.exec(source)?.[1] ?? ''
  const names = [...list.matchAll(/'([^']+)'/g)].map((match) => match[1])
  if (names.length === 0)
    throw new Error('scripts/bundle.mjs: no OwnModule names in src/core/own-files.ts')
  return names
}

// The bin's own module (bin/agenttwin.js imports dist/cli/main.js).
const entries = [...new Set([...exportedEntries(), ...ownModules(), 'cli/main'])]

// What an earlier build left: compiled files of modules that are now inside a chunk, and
// declaration maps (not emitted: they would point editors at sources the package does not ship).
function removeCompiled(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) removeCompiled(path)
    else if (/\.(js|js\.map|cjs|d\.ts\.map)$/.test(entry.name)) rmSync(path)
  }
}
removeCompiled(dist)
rmSync(join(dist, 'chunks'), { recursive: true, force: true })

await build({
  input: Object.fromEntries(entries.map((name) => [name, join(root, 'src', `${name}.ts`)])),
  platform: 'node',
  // Dependencies stay imports: the user's install resolves them (and dedupes msw, vitest).
  external: (id) => !id.startsWith('.') && !isAbsolute(id),
  logLevel: 'warn',
  output: {
    dir: dist,
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    codeSplitting: chunkPlan(root, Object.keys(manifest.dependencies ?? {})),
    sourcemap: true,
  },
})

// Every package the bundle imports must be one a user's install has: a dependency, a peer, or
// Node's own. A helper the bundler injects (a runtime package) would fail only once installed.
const installable = new Set([
  manifest.name,
  ...Object.keys(manifest.dependencies ?? {}),
  ...Object.keys(manifest.peerDependencies ?? {}),
])
const strays = []
for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (!file.endsWith('.js')) continue
  const code = readFileSync(join(dist, file), 'utf8')
  for (const [, id] of code.matchAll(
    /(?:^|\n)\s*(?:import|export)[^'"\n]*?from\s*["']([^"'.][^"']*)["']/g,
  )) {
    if (!id.startsWith('node:') && !installable.has(packageOf(id)))
      strays.push(`${file} imports ${id}`)
  }
}
if (strays.length > 0) {
  console.error(
    `scripts/bundle.mjs: the bundle imports packages a user's install lacks:\n  ${strays.join('\n  ')}`,
  )
  process.exit(1)
}

// The stamp scripts/ensure-installed.mjs compares with the sources.
const now = new Date()
utimesSync(join(dist, '.tsbuildinfo'), now, now)
