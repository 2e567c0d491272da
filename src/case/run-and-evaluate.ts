import type { EvaluatedCase } from '../core/case-run.ts'
import type { Judge } from '../judge/index.ts'
import type { PinnedCase } from '../scenario/pin.ts'
import type { Agent } from '../scenario/types.ts'
import { caseExpectations } from '../schema/conversation-checks.ts'
import { type EvaluateCaseOptions, evaluateCase } from './evaluate-case.ts'
import { judgeTraffic } from './judge-traffic.ts'
import { type RunCaseOptions, runCase } from './run-case.ts'

/** How one case is run and judged. */
export interface RunAndEvaluateOptions extends RunCaseOptions, Omit<EvaluateCaseOptions, 'judge'> {
  /**
   * The judge, or a function that builds it: called only for a scenario with
   * `judge` expectations, so one without them never needs a key.
   */
  judge?: Judge | (() => Judge)
}

/**
 * THE case pipeline, as the Vitest runtime and the CLI both run it: the agent
 * against a fresh twin (`runCase`), then every expectation of the scenario
 * with judges, contracts and reviewers' overrides (`evaluateCase`).
 * @example
 * const { run, results } = await runAndEvaluateCase(pinned, agents['v1.2.4'], { overrides })
 */
export async function runAndEvaluateCase(
  pinned: PinnedCase,
  agent: Agent,
  options: RunAndEvaluateOptions = {},
): Promise<EvaluatedCase> {
  const { judge, judgeThreshold, calibration, overrides, contracts, ...running } = options
  const run = await runCase(pinned, agent, running)
  // The scenario's expectations, then each turn's checkpoints: one list, one result each.
  const expectations = caseExpectations(pinned.document).map((item) => item.expectation)
  const needsJudge = expectations.some((item) => item.type === 'judge')
  // The judge's calls about this case are its model traffic too: recorded and replayed in its mode.
  const traffic = judgeTraffic(run, running.models)
  const results = await evaluateCase(expectations, run, {
    judge: typeof judge === 'function' ? (needsJudge ? judge() : undefined) : judge,
    judgeThreshold,
    calibration,
    overrides,
    judgeFetch: traffic.fetch,
    ...(contracts && { contracts }),
  })
  traffic.finish()
  return { run, results }
}
