// biome-ignore-all assist/source/organizeImports: the entry's exports are grouped by what a user looks for.
/**
 * `agenttwin/vitest`: the Vitest plugin, fixtures and matchers. Importing it
 * (in `vitest.config.ts` or a setup file) also loads the matcher types.
 */

/* The plugin: scenario files as tests, pairs, options (Vitest's main process) */
export { agentTwin } from '../vitest/node/plugin.ts'
export type {
  AgentTwinOptions,
  NetworkOption,
  PairOption,
  TrialsOption,
} from '../vitest/shared/options.ts'
export { InvalidPluginOptionsError } from '../vitest/shared/plugin-options-error.ts'

/* Fixtures for hand-written tests */
export {
  describeScenario,
  type DescribeScenarioOptions,
} from '../vitest/runtime/fixtures/describe-scenario.ts'
export {
  it,
  test,
  type RunOptions,
  type RunScenario,
  type ScenarioFixtures,
} from '../vitest/runtime/fixtures/test.ts'
export { useTwin, type UseTwinOptions } from '../vitest/runtime/fixtures/use-twin.ts'
export type { TestTwin } from '../vitest/runtime/fixtures/test-twin.ts'
export type { CaseRunDetails } from '../vitest/runtime/fixtures/case-run.ts'
export { resolveFromTestFile } from '../vitest/runtime/fixtures/paths.ts'

/* Matchers */
export { agentTwinMatchers } from '../vitest/runtime/matchers/all-matchers.ts'
export type { AgentTwinMatchers } from '../vitest/runtime/matchers/types.ts'
export { configureMatchers, type MatcherOptions } from '../vitest/runtime/matchers/configure.ts'
export type { TurnSelector } from '../core/conversation.ts'
export { byActor } from '../vitest/runtime/matchers/by-actor.ts'
export { inTurn, type TurnScopedRun } from '../vitest/runtime/matchers/in-turn.ts'
export type {
  CalledToolOptions,
  ContractMatcherOptions,
  HandoffOptions,
  JudgeMatcherOptions,
  TrajectoryOptions,
} from '../vitest/runtime/matchers/options.ts'
export {
  type StateExpected,
  type TaggedValueCheck,
  valueCheck,
} from '../vitest/runtime/matchers/value-check.ts'

/* What a scenario test leaves in Vitest's task meta, for custom reporters */
export type {
  AgentTwinTaskMeta,
  ExpectationTaskMeta,
  PairCaseArtifact,
  PairCaseTaskMeta,
  PairSideSummary,
} from '../vitest/shared/meta.ts'

/* Errors */
export { ExpectationFailedError, PairRegressionError } from '../vitest/runtime/failure.ts'
export {
  FixtureNetworkError,
  NoScenarioForFixtureError,
  NoTestFileError,
  TwinOutsideTestError,
  UseTwinInsideTestError,
} from '../vitest/runtime/fixtures/errors.ts'
export { InvalidMatcherArgumentError, NotACaseRunError } from '../vitest/runtime/matchers/errors.ts'
