import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * Files of this package that are loaded by path rather than imported: the
 * module a scenario's test file imports, the setup file, a worker thread's
 * guard, the build's precompiled validators, the package manifest. The build
 * bundles the compiled code into a few chunks, so a module cannot find its
 * neighbours next to itself; each is named here relative to the package's
 * own code directory (`src/` in this repository, `dist/` once built), and
 * `scripts/bundle.mjs` keeps every module named here as its own entry file.
 */
export const OWN_MODULES = [
  'vitest/runtime/scenario-suite',
  'public/vitest-setup',
  'http/worker-entry',
] as const

/** One of {@link OWN_MODULES}. */
export type OwnModule = (typeof OWN_MODULES)[number]

/** `.ts` when the sources run (this repository's tests), `.js` once built. */
export const OWN_EXTENSION: '.ts' | '.js' = import.meta.url.endsWith('.ts') ? '.ts' : '.js'

let root: string | undefined

/**
 * The package's root directory (where its package.json is), found by the
 * package resolving itself: the same answer from a source file, an entry
 * file or a shared chunk at any depth.
 */
export function ownRoot(): string {
  root ??= dirname(createRequire(import.meta.url).resolve('agenttwin/package.json'))
  return root
}

/** The directory of the running code: `<root>/src` from the sources, `<root>/dist` once built. */
export function ownCodeDir(): string {
  return join(ownRoot(), OWN_EXTENSION === '.ts' ? 'src' : 'dist')
}

/**
 * The absolute path of one of the package's modules loaded by path.
 * @example
 * ownModule('public/vitest-setup') // …/node_modules/agenttwin/dist/public/vitest-setup.js
 */
export function ownModule(name: OwnModule): string {
  return join(ownCodeDir(), `${name}${OWN_EXTENSION}`)
}

/**
 * The absolute path of a file the build writes under the code directory (it
 * does not exist when the sources run).
 * @example
 * ownBuildFile('schema/document-validators.cjs')
 */
export function ownBuildFile(relative: string): string {
  return join(ownCodeDir(), relative)
}
