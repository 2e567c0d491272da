import { createContractEvaluator } from '../contract/index.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import { evaluateExpectations } from '../evaluate/index.ts'
import {
  applyOverrides,
  type CalibrationStore,
  evaluateJudge,
  type HumanOverride,
  type Judge,
  judgeOver,
  resolveJudge,
} from '../judge/index.ts'
import type { ContractDocument } from '../schema/contract-document.ts'

/** How a case's expectations are judged and reviewed. */
export interface EvaluateCaseOptions {
  /** Default: `resolveJudge()`, the offline keyword-overlap fake unless configured otherwise. */
  judge?: Judge
  /** Run-wide judge threshold; default 0.7. */
  judgeThreshold?: number
  calibration?: CalibrationStore
  /** Reviewers' overrides; those for this case's scenario and agent version apply. */
  overrides?: readonly HumanOverride[]
  /** The judge's transport for this case (`judgeTraffic(run).fetch`): its calls recorded and replayed. */
  judgeFetch?: typeof fetch
  /** Contracts the scenario's loader read and checked, by absolute path (see `ContractEvaluatorOptions`). */
  contracts?: Readonly<Record<string, ContractDocument>>
}

/**
 * Evaluates every expectation of the scenario on a finished (or unfinished)
 * case, then applies reviewers' overrides. The same evaluators back the YAML
 * expectations, the matchers and the reporter.
 * @example
 * const results = await evaluateCase(pinned.document.expectations, run, { overrides })
 */
export async function evaluateCase(
  expectations: Parameters<typeof evaluateExpectations>[0],
  run: CaseRun,
  options: EvaluateCaseOptions = {},
): Promise<ExpectationResult[]> {
  const over = (found: Judge) => (options.judgeFetch ? judgeOver(found, options.judgeFetch) : found)
  let judge = options.judge && over(options.judge)
  const contract = createContractEvaluator({
    scenarioFile: run.scenario.file,
    ...(options.contracts && { contracts: options.contracts }),
    // Free-text claims fall back to a judge only when a language model is configured.
    judge: judge?.kind === 'llm' ? judge : undefined,
    judgeThreshold: options.judgeThreshold,
  })
  const results = await evaluateExpectations(expectations, run, {
    judge: (expectation, judged) => {
      judge ??= over(resolveJudge())
      return evaluateJudge(expectation, judged, judge, {
        threshold: options.judgeThreshold,
        calibration: options.calibration,
      })
    },
    contract,
  })
  if (!options.overrides || options.overrides.length === 0) return results
  return applyOverrides(results, options.overrides, {
    scenario: run.scenario.id,
    agentVersion: run.agent.version,
  })
}
