import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { globSync } from 'tinyglobby'
import type { Plugin } from 'vite'
import { OWN_EXTENSION, ownCodeDir, ownModule } from '../../core/own-files.ts'
import { DocumentStore } from '../../schema/document-store.ts'
import { inspectTwinIn } from '../../schema/parse-twin.ts'
import type { AgentTwinOptions } from '../shared/options.ts'
import { InvalidPluginOptionsError } from '../shared/plugin-options-error.ts'
import { OPTIONS_KEY } from '../shared/provided.ts'
import { checkPluginOptions } from './check-options.ts'
import {
  type CheckedTwinFile,
  generateScenarioModule,
  offeredTwinFile,
  TWIN_OFFER_PREFIX,
  twinOfferModule,
} from './generate-module.ts'
import { resolveNetwork, sharesWorkers } from './network-option.ts'
import { bringPairTestNamer } from './pair-test-names.ts'
import type { AgentTwinPluginApi } from './plugin-api.ts'
import { prepareScenario } from './prepare-scenario.ts'
import { DEFAULT_SCENARIO_GLOBS, resolveSuiteOptions } from './resolve-options.ts'
import { resolveSuiteAttackOption, type SuiteAttacksFor } from './suite-attacks-option.ts'

const RUNTIME_FILE = ownModule('vitest/runtime/scenario-suite')
const SETUP_FILE = ownModule('public/vitest-setup')
// The compiled package, wherever it is (a workspace or `npm link` puts it
// outside node_modules, where Vitest would inline it): loaded by Node itself,
// not transformed and evaluated module by module in every test file.
const OWN_DIST =
  OWN_EXTENSION === '.js'
    ? new RegExp(
        `^${`${ownCodeDir()}/`.replaceAll('\\', '/').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
      )
    : undefined

/**
 * The AgentTwin Vitest plugin: scenario documents run as test files, and the
 * AgentTwin matchers are registered for every test file of the project.
 * @example
 * // vitest.config.ts
 * import { defineConfig } from 'vitest/config'
 * import { agentTwin } from 'agenttwin/vitest'
 *
 * export default defineConfig({
 *   plugins: [agentTwin({
 *     scenarios: 'scenarios/*.scenario.yaml',
 *     agents: './src/agents.ts',
 *     pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0' }],
 *   })],
 * })
 */
/** A JavaScript or TypeScript module, which a scenario imports as itself. */
const CODE_MODULE = /\.[cm]?[jt]sx?$/

export function agentTwin(options: AgentTwinOptions = {}): Plugin {
  // Here, while the config file's call is on the stack, so a mistake names its line.
  checkPluginOptions(options)
  // An empty list is no scenario at all, never "every file".
  const globs = [options.scenarios ?? DEFAULT_SCENARIO_GLOBS].flat()
  let root = process.cwd()
  let isScenario: (id: string) => boolean = () => false
  let agentsFile: string | undefined
  let agentFiles: string[] = []
  let suiteAttacksFor: SuiteAttacksFor = () => []
  // Files a scenario module imports for their module-graph edge alone (twins, contracts,
  // attacks, prompts): answered with an empty module. Code modules are never in it, so
  // every importer of an agent's code gets its real exports.
  const documents = new Set<string>()
  // The documents of this project's runs, each read, hashed and parsed once however many
  // scenarios name it; a file Vite's watcher sees change is dropped and read again.
  const store = new DocumentStore()

  return {
    name: 'agenttwin',
    enforce: 'pre',
    api: {
      /** Every scenario file the globs select, absolute and sorted: the whole selection of a run. */
      scenarioFiles: (): string[] =>
        globs.length === 0
          ? []
          : globSync(globs, { cwd: root, absolute: true, ignore: ['**/node_modules/**'] }).sort(),
    } satisfies AgentTwinPluginApi,
    // Vite, `vitest/config` and the reporter are imported by the hooks that use them, in the main
    // process: a test file imports this module for `describeScenario` and must not load them.
    async config(user) {
      // Adding to `include` must not drop Vitest's default: the project's
      // own *.test.ts files keep running beside the scenario files.
      const defaults = user.test?.include
        ? []
        : (await import('vitest/config')).configDefaults.include
      return {
        test: {
          include: [...defaults, ...globs],
          setupFiles: [SETUP_FILE],
          ...(OWN_DIST && { server: { deps: { external: [OWN_DIST] } } }),
        },
      }
    },
    async configureVitest({ vitest, project }) {
      const { bringReporter } = await import('./bring-reporter.ts')
      bringReporter(vitest, options.reporter)
      bringPairTestNamer(vitest)
      // The one way the options reach the workers: scenario files, hand-written
      // `run(agent)`, the matchers and the setup file's network guard inject them.
      project.provide(OPTIONS_KEY, {
        suite: resolveSuiteOptions(options, project.config.root),
        network: resolveNetwork(options.network),
        // The run-wide guard of a worker that runs file after file keeps one interception for all of them.
        sharedWorker: sharesWorkers(project.config),
      })
    },
    async configResolved(config) {
      const { createFilter } = await import('vite')
      root = config.root
      // Vite's filter with no pattern matches every file; no pattern here means no scenario.
      isScenario =
        globs.length === 0 ? () => false : createFilter(globs, undefined, { resolve: root })
      // The paths and checks of every option, here where a mistake stops the run before any worker.
      resolveSuiteOptions(options, root)
      suiteAttacksFor = resolveSuiteAttackOption(options.attacks, root, createFilter)
      const watched = [options.agentFiles ?? []].flat()
      agentFiles = watched.length === 0 ? [] : globSync(watched, { cwd: root, absolute: true })
      for (const file of agentFiles) if (!CODE_MODULE.test(file)) documents.add(file)
      if (options.agents) {
        agentsFile = resolve(root, options.agents)
        if (!existsSync(agentsFile)) {
          throw new InvalidPluginOptionsError(
            `the agents module ${agentsFile} does not exist`,
            'point `agents` at the module that exports your agents, relative to the project root',
          )
        }
      }
    },
    watchChange(id) {
      store.forget(id)
    },
    resolveId(source) {
      return source.startsWith(TWIN_OFFER_PREFIX) ? `\0${source}` : null
    },
    load(id) {
      const offered = offeredTwinFile(id)
      if (offered) return offerTwin(offered)
      // A document imported for its edge: the loader in the worker reads it (and reports its
      // problems, located), so no other plugin, Vite's JSON plugin included, may parse it.
      if (documents.has(id)) return { code: 'export {}', moduleType: 'js' }
      if (id.includes('?') || !isScenario(id)) return null
      // Scenarios are generated here rather than transformed, so a
      // `.scenario.json` becomes JavaScript before Vite's JSON plugin sees it.
      return generate(id)
    },
  }

  function generate(id: string) {
    if (!agentsFile) {
      throw new InvalidPluginOptionsError(
        `${id} is a scenario, but no agents module is configured`,
        "add agents: './path/to/agents.ts' to agentTwin() (a module exporting `agents`)",
      )
    }
    const suiteAttacks = suiteAttacksFor(id)
    // Loaded and validated here, once, so the test file neither parses nor validates it again.
    const { named, prepared } = prepareScenario(store, id, suiteAttacks)
    for (const file of named) documents.add(file)
    // A scenario's own text serves its module alone, which Vite loads once a run: only what
    // several scenarios share (twins, contracts, attacks) stays in the store.
    store.forget(id)
    const twin = prepared?.inputs.find((input) => input.file === prepared.twinFile)
    const code = generateScenarioModule({
      file: id,
      prepared,
      ...(twin && { twin }),
      documents: [...named, ...agentFiles],
      agentsFile,
      runtimeFile: RUNTIME_FILE,
      suiteAttacks,
    })
    return { code, map: { mappings: '' }, moduleType: 'js' as const }
  }

  /** The module offering a twin this run checked, from the store (the twin is not parsed again). */
  function offerTwin(twin: CheckedTwinFile) {
    const checked =
      store.digest(twin.file) === twin.digest
        ? inspectTwinIn(store, twin.file, { frozen: true })
        : undefined
    const code = checked?.document
      ? twinOfferModule(twin, checked.document, RUNTIME_FILE)
      : // Changed since the scenario was prepared: the agents module loads it as it is now.
        'export {}\n'
    return { code, map: { mappings: '' }, moduleType: 'js' as const }
  }
}
