import { pinsUser } from '../../case/index.ts'
import { runAndEvaluateCase } from '../../case/run-and-evaluate.ts'
import type { CaseModelsOptions } from '../../case/run-case.ts'
import type { SideCase } from '../../compare/pair.ts'
import type { Interception } from '../../http/interception.ts'
import { type HumanOverride, type JudgeConfig, resolveJudge } from '../../judge/index.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { PairSide } from '../../scenario/trial.ts'
import type { Agent } from '../../scenario/types.ts'
import type { ContractDocument } from '../../schema/contract-document.ts'

export interface SideRunnerOptions {
  pinned: PinnedCase
  network: () => Interception
  overrides: () => readonly HumanOverride[]
  timeoutMs: number
  judge?: JudgeConfig
  judgeThreshold?: number
  models?: CaseModelsOptions
  /** The trial these runs are (1-based), recorded on each side when a case runs several. */
  trial?: number
  /**
   * Each side's own pinned case for this trial (`pinSideTrial` of the case's
   * pin), when each side of a pair runs its own seeds; the side then records
   * its own cassettes. Without it (and always without trials) both sides run
   * `pinned` as it is.
   */
  sides?: Record<PairSide, PinnedCase>
  /** Contracts the scenario's loader read and checked, by absolute path: never read again per case. */
  contracts?: Readonly<Record<string, ContractDocument>>
}

/** Which run of a version a test asks for. */
export interface SideRequest {
  /** The side of a pair the run is for; none for an expectation test. */
  side?: PairSide
  /** The pair compares a version with itself: its candidate side is a run of its own. */
  selfPair?: boolean
  /**
   * For the candidate side of a pair: the baseline's side. With a simulated
   * user, the candidate gets the baseline's user turns while the conversation
   * so far is the same (the run is then this pair's own); not in a self-pair.
   */
  baseline?: SideCase
}

/**
 * Runs each agent of one pinned case at most once per seed and shares the
 * result between the tests that need it: pairs that share an agent and a
 * seed share its run. The candidate side of a version paired
 * with itself is always a run of its own, so a self-pair measures how
 * reproducible the version is. Runs go one after another: every version's
 * twin answers at the same base URL.
 */
export interface SideRunner {
  /** The case as this agent version ran it for `request`, run on first request. */
  side(agent: Agent, request?: SideRequest): Promise<SideCase>
  /** `true` the first time it is asked about a side it ran, `false` after: who records the side's artifact. */
  firstToRecord(side: SideCase): boolean
}

/** Which run of an agent: by side, or for a pinned user the baseline run it replays. */
type RunKey = string | SideCase

export function createSideRunner(options: SideRunnerOptions): SideRunner {
  // By the agent itself, then the run it is asked for: two agents that report the same
  // version string are two runs, never one agent's evidence shown for the other.
  const sides = new WeakMap<Agent, Map<RunKey, Promise<SideCase>>>()
  const recorded = new WeakSet<SideCase>()
  let queue: Promise<unknown> = Promise.resolve()
  const judge = resolveJudge({ ...options.judge })
  const independent = options.sides !== undefined

  async function runSide(
    agent: Agent,
    side: PairSide | undefined,
    pinUser: SideCase | undefined,
  ): Promise<SideCase> {
    const own = side !== undefined ? options.sides?.[side] : undefined
    const result = await runAndEvaluateCase(own ?? options.pinned, agent, {
      ...(pinUser && { pinUser: pinUser.run }),
      interception: options.network(),
      timeoutMs: options.timeoutMs,
      models: own ? { ...options.models, side } : options.models,
      judge,
      judgeThreshold: options.judgeThreshold,
      overrides: options.overrides(),
      ...(options.contracts && { contracts: options.contracts }),
    })
    return options.trial === undefined ? result : { ...result, trial: options.trial }
  }

  return {
    firstToRecord(side) {
      if (recorded.has(side)) return false
      recorded.add(side)
      return true
    },
    side(agent, request = {}) {
      const side = independent ? request.side : undefined
      const apart = request.side === 'candidate' && request.selfPair === true
      // A simulated user's candidate is pinned to its baseline (a run of that baseline's own),
      // except in a self-pair, whose user answers on its own.
      const pinUser =
        request.side === 'candidate' &&
        pinsUser(options.pinned.document, { selfPair: request.selfPair === true })
          ? request.baseline
          : undefined
      const key: RunKey = pinUser ?? side ?? (apart ? 'candidate' : '')
      const runs = sides.get(agent) ?? new Map<RunKey, Promise<SideCase>>()
      sides.set(agent, runs)
      let run = runs.get(key)
      if (!run) {
        run = queue.then(() => runSide(agent, side, pinUser))
        queue = run.catch(() => {})
        runs.set(key, run)
      }
      return run
    },
  }
}
