/**
 * The arguments and options of the AgentTwin matchers, as `AgentTwinMatchers`
 * declares them: in a file of their own so the declaration and the matchers
 * that implement it both import them, neither the other.
 */
import type { CheckContractOptions } from '../../../contract/index.ts'
import type { Judge } from '../../../judge/index.ts'
import type { AttackDocument } from '../../../schema/attack-document.ts'
import type {
  ArgsMatchMode,
  JudgeExpectation,
  TrajectoryExpectation,
} from '../../../schema/scenario-document.ts'

/** The attack a matcher is given: a loaded `attack.v1` document with its variables filled. */
export type AttackArgument = Pick<AttackDocument, 'id' | 'goal' | 'achievedWhen'>

/** Options of `toHaveCalledTool`. */
export interface CalledToolOptions {
  /** How `args` compare with the recorded arguments; default `subset` (every given argument equals). */
  argsMode?: ArgsMatchMode
  /** Exact number of matching calls; default: at least one. */
  times?: number
}

/** Options of `toMatchTrajectory`. */
export interface TrajectoryOptions {
  /** Default `strict`: the same calls in the same order, no more, no fewer. */
  mode?: TrajectoryExpectation['mode']
  /** Default per step: `ignore` without args, else `subset`. */
  argsMode?: ArgsMatchMode
}

/** Options of `toHaveHandedOff`. */
export interface HandoffOptions {
  /** The handoff tool; default: the twin's tools declared with `handoff: true`. */
  tool?: string
}

/** Options of `toSatisfyContract`: the contract checker's own. */
export type ContractMatcherOptions = CheckContractOptions

/** Options of `toPassJudge`. */
export interface JudgeMatcherOptions {
  /** Default: the configured threshold, else 0.7. */
  threshold?: number
  /** Evidence the judge may see beside the reply. */
  include?: JudgeExpectation['include']
  /** This call's judge; default: the one `configureMatchers` set, else `resolveJudge()`. */
  judge?: Judge
}
