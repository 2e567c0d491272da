/**
 * The AgentTwin matchers, registered by `agenttwin/vitest/setup` (the plugin
 * adds it to `setupFiles`) or by hand with `expect.extend(agentTwinMatchers)`.
 */
import { type AgentTwinMatcherFunctions, buildMatchers } from './parts.ts'
import type {} from './types.ts'

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
