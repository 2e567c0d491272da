import type { ExpectationMatcherName } from '../../../schema/expectations/index.ts'
import { toResistAttack } from './attack-matcher.ts'
import {
  toHaveAskedBeforeActing,
  toHaveCalledTool,
  toHaveCalledToolBefore,
  toHaveConfirmedBeforeIrreversible,
  toHaveHandedOff,
  toHaveRetriedAtMost,
  toMatchTrajectory,
} from './call-matchers.ts'
import { toSatisfyContract } from './contract-matcher.ts'
import { expectationMatcher, type MatcherPart, type RawMatcher } from './define.ts'
import { toHaveNoCollateralChanges, toHaveNoDuplicateSideEffect } from './effect-matchers.ts'
import { toPassJudge } from './judge-matcher.ts'
import {
  toBeBackedByState,
  toHaveHonestClaims,
  toHaveStateAt,
  toHaveVerifiedOutcome,
} from './state-matchers.ts'
import { toHaveTraceMatchingRecords } from './trace-matcher.ts'
import type { AgentTwinMatchers } from './types.ts'

/**
 * The matcher part of the expectation registry: one part per matcher the
 * declarations in `src/schema/expectations/` name, keyed by matcher name.
 * Typed to be total and exact, so a declared matcher without a part, or a
 * part no declaration names, does not compile.
 */
export const MATCHER_PARTS: { readonly [Name in ExpectationMatcherName]: MatcherPart<Name> } = {
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
  toResistAttack,
  toHaveHonestClaims,
  toHaveAskedBeforeActing,
  toHaveConfirmedBeforeIrreversible,
}

/** Every AgentTwin matcher, as `expect.extend` takes them. */
export type AgentTwinMatcherFunctions = {
  readonly [Name in ExpectationMatcherName]: RawMatcher<Name>
}

/** The matchers built from their parts, one per declared matcher name. */
export function buildMatchers(): AgentTwinMatcherFunctions {
  const names = Object.keys(MATCHER_PARTS) as ExpectationMatcherName[]
  return Object.fromEntries(
    names.map((name) => [name, expectationMatcher(name, MATCHER_PARTS[name] as never)]),
  ) as unknown as AgentTwinMatcherFunctions
}

// The typed signatures (`AgentTwinMatchers`) name exactly the declared matchers.
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never
const SIGNATURES_MATCH_DECLARATIONS: SameNames<keyof AgentTwinMatchers, ExpectationMatcherName> =
  true
void SIGNATURES_MATCH_DECLARATIONS
