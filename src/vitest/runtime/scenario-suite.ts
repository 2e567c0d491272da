import {
  afterAll,
  beforeAll,
  describe,
  type RunnerTestCase,
  type TestContext,
  TestRunner,
  test,
} from 'vitest'
import { deepFreeze } from '../../core/freeze.ts'
import type { Interception } from '../../http/interception.ts'
import { holdInterception, type InterceptionHold } from '../../http/shared-interception.ts'
import { type HumanOverride, loadOverrides } from '../../judge/index.ts'
import { agentVersion, exportedVersions, resolveAgents } from '../../scenario/agents.ts'
import { type PinnedCase, pinCase } from '../../scenario/pin.ts'
import { attacksOfScenario, type SuiteAttack } from '../../scenario/suite-attacks.ts'
import { pinTrial } from '../../scenario/trial.ts'
import { underAttack } from '../../scenario/under-attack.ts'
import { caseExpectations } from '../../schema/conversation-checks.ts'
import { DocumentStore } from '../../schema/document-store.ts'
import type { ScenarioDocument } from '../../schema/scenario-document.ts'
import { InvalidPluginOptionsError } from '../shared/plugin-options-error.ts'
import type { PreparedScenario } from '../shared/prepared-scenario.ts'
import type { ResolvedSuiteOptions } from '../shared/provided.ts'
import { expectationTest } from './expectation-test.ts'
import type { YamlLocation } from './failure.ts'
import { pairTest } from './pair-test.ts'
import { providedOptions } from './provided.ts'
import {
  explained,
  type Locator,
  type SuiteDocuments,
  scenarioDocuments,
} from './scenario-documents.ts'
import { createSideRunner, type SideRunner, type SideRunnerOptions } from './side-runner.ts'
import { caseTrialPlan, defineTrialPairTasks, trialName, trialRunners } from './trial-suite.ts'

// A module the plugin generates offers the twin it checked here, before the agents module runs.
export { offerCheckedTwin } from '../../schema/offered-twins.ts'

/** What a generated scenario module hands to the runtime. */
export interface ScenarioSuiteInput {
  /** Absolute path of the scenario document. */
  file: string
  /** Absolute path of the agents module (for messages). */
  agentsFile: string
  agentModule: Record<string, unknown>
  /** The documents as the plugin loaded and validated them. */
  prepared?: PreparedScenario
  /** The suite-wide attacks (plugin option `attacks`) whose globs select this scenario. */
  suiteAttacks?: SuiteAttack[]
}

/**
 * Registers a scenario document as Vitest tests: a `describe` per scenario,
 * one test per expectation and agent version, or one test per pair when
 * pairs are configured. Called by the module the plugin generates; tests point
 * at the YAML lines they come from.
 */
export function defineScenarioSuite(input: ScenarioSuiteInput): void {
  const options = suiteOptions(input.file)
  // This test file's documents: each file read, hashed and parsed at most once here.
  const loaded = scenarioDocuments(input, new DocumentStore())
  // Loaded here and held by nobody else: frozen, every case (and attack) pins it without a copy.
  deepFreeze(loaded.twin)
  const agents = resolveAgents(input.agentModule, input.agentsFile)
  const suite = { ...input, options }
  defineCaseSuite(suite, agents, loaded, loaded.document, loaded.locate)
  // The matrix: the scenario once more under each attack it names (or, naming none, each
  // suite-wide attack that selects it), generated from both documents.
  const own = loaded.document.expectations.length
  const attacks = explained(() =>
    attacksOfScenario({
      document: loaded.document,
      twin: loaded.twin,
      own: loaded.attacks,
      suite: input.suiteAttacks,
      file: input.file,
      at: loaded.locate(['id']),
    }),
  )
  attacks.forEach((attack, index) => {
    // A suite-wide attack has no line in the scenario: its cases point at the scenario's id.
    const attackLine =
      attacks === loaded.attacks ? loaded.locate(['attacks', index]) : loaded.locate(['id'])
    defineCaseSuite(suite, agents, loaded, underAttack(loaded.document, attack), (path) =>
      (path[0] === 'expectations' && path[1] < own) || path[0] === 'checkpoints'
        ? loaded.locate(path)
        : attackLine,
    )
  })
}

/** The options the plugin provides its project (see `shared/provided.ts`). */
function suiteOptions(file: string): ResolvedSuiteOptions {
  const options = providedOptions()?.suite
  if (options) return options
  throw new InvalidPluginOptionsError(
    `${file} runs as a scenario file, but its Vitest project has no options from agentTwin()`,
    'run scenario files through the agentTwin() plugin of the Vitest project that includes them',
  )
}

function defineCaseSuite(
  input: ScenarioSuiteInput & { options: ResolvedSuiteOptions },
  agents: ReturnType<typeof resolveAgents>,
  documents: Pick<SuiteDocuments, 'twin' | 'contracts'>,
  document: ScenarioDocument,
  locateIn: Locator,
): void {
  const { twin, contracts } = documents
  const pinned = pinCase({ file: input.file, document, twin }, { defaultSeed: input.options.seed })
  const { options } = input
  const locate = (
    path: ['id'] | ['expectations', number] | ['checkpoints', number],
  ): YamlLocation => ({
    file: input.file,
    ...locateIn(path),
  })
  let network: Interception | undefined
  let hold: InterceptionHold | undefined
  let overrides: HumanOverride[] = []
  const runnerOptions: SideRunnerOptions = {
    pinned,
    network: () => network!,
    overrides: () => overrides,
    timeoutMs: options.timeoutMs,
    judge: options.judge,
    judgeThreshold: options.judgeThreshold,
    models: { ...options.models, testFile: input.file },
    contracts,
  }
  const runner = createSideRunner(runnerOptions)
  const plan = caseTrialPlan(pinned.document.trials, options)
  const trials = plan.k
  // Without trials both sides run the pinned seed, exactly as before trials existed.
  const seeds = plan.seeds
  // Expectation tests (no pairs) ask for no side: they run trial i's seed, trialSeed(seed, i).
  const runners = trials === 1 ? [runner] : trialRunners(runnerOptions, trials, seeds)
  const timeout = options.timeoutMs * 3 + 10_000

  describe(`${pinned.scenario.id}: ${pinned.scenario.title}`, () => {
    placeSuite(locate(['id']))
    beforeAll(async () => {
      hold = holdInterception('scenario suite')
      network = hold.interception
      if (options.overrides) overrides = await loadOverrides(options.overrides)
    })
    afterAll(() => {
      hold?.release()
      hold = undefined
    })

    if (options.pairs.length > 0) {
      for (const [pairIndex, pair] of options.pairs.entries()) {
        const where = locate(['id'])
        if (trials > 1) {
          defineTrialPairTasks(
            {
              pair,
              pairIndex,
              baseline: agentVersion(agents, pair.baseline, input.agentsFile),
              candidate: agentVersion(agents, pair.candidate, input.agentsFile),
              pinned,
              runners,
              gate: options.gate,
              alpha: options.alpha,
              seeds,
              ...(plan.sequential && { sequential: plan.sequential }),
              where,
            },
            (name, handler, concurrent) => defineTask(name, where, timeout, handler, concurrent),
          )
          continue
        }
        const handler = pairTest({
          pair,
          pairIndex,
          baseline: agentVersion(agents, pair.baseline, input.agentsFile),
          candidate: agentVersion(agents, pair.candidate, input.agentsFile),
          pinned,
          runner,
          gate: options.gate,
          where,
        })
        defineTask(`${pair.candidate} vs ${pair.baseline}`, where, timeout, handler)
      }
      return
    }

    for (const version of options.versions ?? exportedVersions(agents)) {
      const agent = agentVersion(agents, version, input.agentsFile)
      const expectationTasks = (runner: SideRunner, pinned: PinnedCase) => {
        placeSuite(locate(['id']))
        // The scenario's expectations, then each turn's checkpoints, as the case evaluates them.
        let checkpoint = 0
        caseExpectations(pinned.document).forEach(({ expectation, path }, index) => {
          const where =
            path[0] === 'expectations'
              ? locate(['expectations', index])
              : locate(['checkpoints', checkpoint++])
          const handler = expectationTest({ agent, index, pinned, runner, where })
          defineTask(expectation.id, where, timeout, handler)
        })
      }
      describe(version, () => {
        if (trials === 1) return expectationTasks(runner, pinned)
        // One describe per trial: each trial's expectations read that trial's run.
        placeSuite(locate(['id']))
        runners.forEach((trialRunner, i) => {
          describe(trialName(i + 1, trials), () =>
            expectationTasks(trialRunner, pinTrial(pinned, i + 1)),
          )
        })
      })
    }
  })
}

/** Points a describe at the YAML line it comes from (the UI's "view source"). */
function placeSuite(location: YamlLocation): void {
  const suite = TestRunner.getCurrentSuite().suite
  if (suite) suite.location = { line: location.line, column: location.column }
}

function defineTask(
  name: string,
  location: YamlLocation,
  timeout: number,
  handler: (context: TestContext) => Promise<void>,
  concurrent?: boolean,
): void {
  // Through `test`, not the collector's `task`: a task made without the `test` API's fixtures
  // gets fixtures of its own, which Vitest keeps until the worker ends and walks at the end
  // of every file, so with `isolate: false` each file cost more than the one before it.
  const collector = TestRunner.getCurrentSuite()
  test(name, { timeout, ...(concurrent && { concurrent }) }, handler)
  const task = collector.tasks.at(-1) as RunnerTestCase
  task.location = { line: location.line, column: location.column }
}
