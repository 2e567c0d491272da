import { runAndEvaluateCase } from '../../case/run-and-evaluate.ts'
import type { SideCase } from '../../compare/pair.ts'
import type { Interception } from '../../http/index.ts'
import { type HumanOverride, type JudgeConfig, resolveJudge } from '../../judge/index.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { CaseModelsOptions } from '../../scenario/run-case.ts'
import type { Agent } from '../../scenario/types.ts'

// Captured before any interception starts: a real-model judge is the one
// request of a test run that is meant to leave the process.
const networkFetch = globalThis.fetch

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
}

/**
 * Runs each agent version of one pinned case at most once and shares the
 * result between the tests that need it. Runs go one after another: every
 * version's twin answers at the same base URL.
 */
export interface SideRunner {
  /** The case as this agent version ran it, run on first request. */
  side(agent: Agent): Promise<SideCase>
}

export function createSideRunner(options: SideRunnerOptions): SideRunner {
  const sides = new Map<string, Promise<SideCase>>()
  let queue: Promise<unknown> = Promise.resolve()
  const judge = resolveJudge({ fetch: networkFetch, ...options.judge })

  async function runSide(agent: Agent): Promise<SideCase> {
    const side = await runAndEvaluateCase(options.pinned, agent, {
      interception: options.network(),
      timeoutMs: options.timeoutMs,
      models: options.models,
      judge,
      judgeThreshold: options.judgeThreshold,
      overrides: options.overrides(),
    })
    return options.trial === undefined ? side : { ...side, trial: options.trial }
  }

  return {
    side(agent) {
      let side = sides.get(agent.version)
      if (!side) {
        side = queue.then(() => runSide(agent))
        queue = side.catch(() => {})
        sides.set(agent.version, side)
      }
      return side
    },
  }
}
