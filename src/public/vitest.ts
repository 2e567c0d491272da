/**
 * `agenttwin/vitest`: the Vitest plugin, fixtures and matchers. Importing it
 * (in `vitest.config.ts` or a setup file) also loads the matcher types.
 */

export { agentTwin } from '../vitest/node/plugin.ts'
export { InvalidPluginOptionsError } from '../vitest/node/resolve-options.ts'
export { ExpectationFailedError, PairRegressionError } from '../vitest/runtime/failure.ts'
/* Fixtures for hand-written tests */
/* Errors */
export {
  type CaseRunDetails,
  type DescribeScenarioOptions,
  describeScenario,
  FixtureNetworkError,
  it,
  NoScenarioForFixtureError,
  NoTestFileError,
  type RunOptions,
  type RunScenario,
  resolveFromTestFile,
  type ScenarioFixtures,
  type TestTwin,
  TwinOutsideTestError,
  test,
  UseTwinInsideTestError,
  type UseTwinOptions,
  useTwin,
} from '../vitest/runtime/fixtures/index.ts'
/* Matchers */
export {
  type AgentTwinMatchers,
  agentTwinMatchers,
  type CalledToolOptions,
  type ContractMatcherOptions,
  configureMatchers,
  type HandoffOptions,
  InvalidMatcherArgumentError,
  type JudgeMatcherOptions,
  type MatcherOptions,
  NotACaseRunError,
  type StateExpected,
  type TaggedValueCheck,
  type TrajectoryOptions,
  valueCheck,
} from '../vitest/runtime/matchers/index.ts'
/* What a scenario test leaves in Vitest's task meta, for custom reporters */
export type {
  AgentTwinTaskMeta,
  ExpectationTaskMeta,
  PairCaseArtifact,
  PairCaseTaskMeta,
  PairSideSummary,
} from '../vitest/shared/meta.ts'
/* The plugin: scenario files as tests, pairs, options */
export type {
  AgentTwinOptions,
  NetworkOption,
  PairOption,
  TrialsOption,
} from '../vitest/shared/options.ts'
