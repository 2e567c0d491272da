/**
 * `agenttwin/vitest`: the Vitest plugin, fixtures and matchers.
 */

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
} from './fixtures/index.ts'
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
} from './matchers/index.ts'
export type {
  AgentTwinTaskMeta,
  ExpectationTaskMeta,
  PairCaseArtifact,
  PairCaseTaskMeta,
  PairSideSummary,
} from './meta.ts'
export type { AgentTwinOptions, NetworkOption, PairOption } from './options.ts'
export { agentTwin } from './plugin.ts'
