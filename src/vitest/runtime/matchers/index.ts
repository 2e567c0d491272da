/**
 * The AgentTwin matchers, registered by `agenttwin/vitest/setup` (the plugin
 * adds it to `setupFiles`) or by hand with `expect.extend(agentTwinMatchers)`.
 */
import { type AgentTwinMatcherFunctions, buildMatchers } from './parts.ts'
import type {} from './types.ts'

export type {
  CalledToolOptions,
  HandoffOptions,
  TrajectoryOptions,
} from './call-matchers.ts'
export { configureMatchers, type MatcherOptions } from './configure.ts'
export type { ContractMatcherOptions } from './contract-matcher.ts'
export { InvalidMatcherArgumentError, NotACaseRunError } from './errors.ts'
export type { JudgeMatcherOptions } from './judge-matcher.ts'
export type { AgentTwinMatchers } from './types.ts'
export { type StateExpected, type TaggedValueCheck, valueCheck } from './value-check.ts'

/**
 * Every AgentTwin matcher, for `expect.extend`, built from the expectation
 * registry: each spells one declared expectation type and runs the evaluator
 * the scenario dispatch runs for it; messages cite that evaluator's evidence.
 * @example
 * import { expect } from 'vitest'
 * import { agentTwinMatchers } from 'agenttwin/vitest'
 * expect.extend(agentTwinMatchers)
 */
export const agentTwinMatchers: AgentTwinMatcherFunctions = buildMatchers()
