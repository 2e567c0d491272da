/**
 * The AgentTwin matchers, registered by `agenttwin/vitest/setup` (the plugin
 * adds it to `setupFiles`) or by hand with `expect.extend(agentTwinMatchers)`.
 */
import {
  toHaveCalledTool,
  toHaveCalledToolBefore,
  toHaveHandedOff,
  toHaveRetriedAtMost,
  toMatchTrajectory,
} from './call-matchers.ts'
import { toSatisfyContract } from './contract-matcher.ts'
import { toHaveNoCollateralChanges, toHaveNoDuplicateSideEffect } from './effect-matchers.ts'
import { toPassJudge } from './judge-matcher.ts'
import { toBeBackedByState, toHaveStateAt, toHaveVerifiedOutcome } from './state-matchers.ts'
import { toHaveTraceMatchingRecords } from './trace-matcher.ts'
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
 * Every AgentTwin matcher, for `expect.extend`. Each calls the evaluator its
 * scenario expectation uses; messages cite that evaluator's evidence.
 * @example
 * import { expect } from 'vitest'
 * import { agentTwinMatchers } from 'agenttwin/vitest'
 * expect.extend(agentTwinMatchers)
 */
export const agentTwinMatchers = {
  toHaveStateAt,
  toBeBackedByState,
  toHaveVerifiedOutcome,
  toHaveNoDuplicateSideEffect,
  toHaveNoCollateralChanges,
  toHaveCalledTool,
  toHaveCalledToolBefore,
  toMatchTrajectory,
  toHaveRetriedAtMost,
  toHaveHandedOff,
  toPassJudge,
  toSatisfyContract,
  toHaveTraceMatchingRecords,
}
