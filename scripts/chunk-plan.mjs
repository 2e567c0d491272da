// Which shared chunk each of the package's modules goes into (rolldown's
// `output.codeSplitting.groups`). Left to itself the bundler makes one chunk
// per set of entries that share a module, and a worker running one scenario
// file loaded 64 files of the package: Node's ES module loader pays for each
// file (resolve, stat, read, link) far more than for its size.
//
// The modules a test file's worker always loads are grouped by the packages
// they reach, so that no entry loads a package it did not load before:
//
//   base          what `agenttwin --version` loads (the CLI's start stays small)
//   core          needs neither Vitest nor MSW (twins, scenarios, evaluation, ...)
//   interception  reaches MSW or @mswjs/interceptors, not Vitest
//   vitest        reaches Vitest, not MSW (the config's side can load it)
//   runtime       reaches both: only a test file's worker loads it
//   api           the rest of the main entry (`agenttwin`, which an agents
//                 module imports): what no test file or adapter loads without it
//
// A module's group follows from its whole static import closure, so a group
// imports only the groups below it (no cycle between chunks), and a module
// that reaches any other package (an optional peer such as the MCP SDK, Vite)
// is left to the bundler's own chunks, as are the entries themselves.
import { isAbsolute, join } from 'node:path'

/** The modules a scenario file's worker loads: its own module, the setup file, and what every case imports on demand. */
const WORKER_ROOTS = [
  'vitest/runtime/scenario-suite',
  'public/vitest-setup',
  'case/run-case',
  'http/shared-interception',
]
/** The main entry, which an agents module imports (for `loadTwinSync` and the like). */
const API_ROOTS = ['public/index']
/**
 * What loads without the main entry: a test file with no agent module, and
 * each adapter entry. None of it goes into `api`, which holds the renderers
 * and `diff`: an agent built on an adapter alone does not load them.
 */
const WITHOUT_API_ROOTS = [
  'public/vitest',
  'public/vitest-setup',
  'vitest/runtime/scenario-suite',
  'public/adapters/ai-sdk',
  'public/adapters/openai-agents',
  'public/adapters/langchain',
  'public/adapters/mastra',
]
/** Loaded by `agenttwin --version`: these stay apart, in the small `base` chunk. */
const BASE_ROOTS = ['cli/main']
const INTERCEPTION = new Set(['msw', '@mswjs/interceptors'])

/** The package an import specifier names: `msw/node` → `msw`, `@scope/pkg/x` → `@scope/pkg`. */
export const packageOf = (id) =>
  (id.startsWith('@') ? id.split('/').slice(0, 2) : id.split('/').slice(0, 1)).join('/')

/**
 * The `codeSplitting` option for the package's build.
 * @param {string} root the repository's root
 * @param {string[]} dependencies the package's own dependencies (always installed)
 */
export function chunkPlan(root, dependencies) {
  const plain = new Set(dependencies.filter((name) => !INTERCEPTION.has(name)))
  /** @type {Map<string, string> | undefined} */
  let groups
  const groupOf = (id, ctx) => {
    groups ??= planGroups(ctx, root, plain)
    return groups.get(id) ?? null
  }
  const layer = (name, priority) => ({
    name: (id, ctx) => (groupOf(id, ctx) === name ? name : null),
    debugName: name,
    priority,
  })
  // Higher priority captures first: a module is taken by its own layer before
  // a layer above pulls it in as a dependency.
  return {
    groups: [
      layer('base', 5),
      layer('core', 4),
      layer('interception', 3),
      layer('vitest', 3),
      layer('runtime', 2),
      layer('api', 1),
    ],
  }
}

/** Module id → group, for every module a worker or an agents module loads (see the file's comment). */
function planGroups(ctx, root, plain) {
  const closure = (names) =>
    walk(
      ctx,
      names.map((name) => join(root, 'src', `${name}.ts`)),
    ).modules
  const layerOf = (id) => layerFor(walk(ctx, [id]).packages, plain)
  const base = closure(BASE_ROOTS)
  const groups = new Map()
  for (const id of closure(WORKER_ROOTS)) {
    // An entry keeps its own code in its own file: the setup file's side effects run where it is imported.
    if (ctx.getModuleInfo(id).isEntry) continue
    const layer = base.has(id) ? 'base' : layerOf(id)
    if (layer) groups.set(id, layer)
  }
  const withoutApi = closure(WITHOUT_API_ROOTS)
  for (const id of closure(API_ROOTS)) {
    if (groups.has(id) || withoutApi.has(id) || base.has(id) || ctx.getModuleInfo(id).isEntry)
      continue
    // Only what reaches Node and the plain dependencies, as `core` does: no MSW, no Vitest, no peer.
    if (layerOf(id) === 'core') groups.set(id, 'api')
  }
  return groups
}

/**
 * The layer of a module that reaches `packages`: `core` for Node and the plain
 * dependencies alone, then by whether MSW and Vitest are among them;
 * `undefined` when it reaches any other package.
 */
function layerFor(packages, plain) {
  let http = false
  let vitest = false
  for (const name of packages) {
    if (INTERCEPTION.has(name)) http = true
    else if (name === 'vitest') vitest = true
    else if (!name.startsWith('node:') && !plain.has(name)) return undefined
  }
  return http && vitest ? 'runtime' : http ? 'interception' : vitest ? 'vitest' : 'core'
}

/** The package's own modules reachable from `starts` through static imports, and the packages they import. */
function walk(ctx, starts) {
  const modules = new Set()
  const packages = new Set()
  const stack = [...starts]
  while (stack.length > 0) {
    const id = stack.pop()
    if (modules.has(id)) continue
    if (!isAbsolute(id)) packages.add(packageOf(id))
    else if (ctx.getModuleInfo(id) !== null) {
      modules.add(id)
      stack.push(...ctx.getModuleInfo(id).importedIds)
    }
  }
  return { modules, packages }
}
