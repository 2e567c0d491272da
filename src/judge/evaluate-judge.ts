import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult, ResultLabel } from '../core/expectation-result.ts'
import type { JsonValue } from '../core/json.ts'
import { endSentence } from '../core/sentence.ts'
import type { JudgeExpectation } from '../schema/scenario-document.ts'
import {
  type CalibrationStatus,
  type CalibrationStore,
  describeCalibration,
  NO_CALIBRATION,
} from './calibration.ts'
import { DEFAULT_THRESHOLD, formatScore, thresholdProblem, verdictPasses } from './threshold.ts'
import type { Judge, JudgeEvidence, JudgeOutcome } from './types.ts'

export interface EvaluateJudgeOptions {
  /** The run-wide threshold; an expectation's own `threshold` wins. Default 0.7. */
  threshold?: number
  /** Default: every criterion uncalibrated with n=0. */
  calibration?: CalibrationStore
  signal?: AbortSignal
}

/**
 * Evaluates a `judge` expectation against a case's reply (and the evidence the
 * expectation lets the judge see). A verdict passes only with label `pass` and a
 * score ≥ the threshold. A judge that is down, throttled, too slow, refuses, throws
 * or answers something that is not a verdict gives `ERROR` with no score, so an
 * unanswered question is never read as a fail or a pass. Every result names the
 * judge, its kind, whether the verdict came from the cache, and its calibration.
 * @example
 * const result = await evaluateJudge(
 *   { id: 'admits-pending', type: 'judge', criterion: 'The reply says the refund is not recorded yet' },
 *   run,
 *   resolveJudge(),
 * )
 */
export async function evaluateJudge(
  expectation: JudgeExpectation,
  run: CaseRun,
  judge: Judge,
  options: EvaluateJudgeOptions = {},
): Promise<ExpectationResult> {
  const threshold = expectation.threshold ?? options.threshold ?? DEFAULT_THRESHOLD
  const calibration = (options.calibration ?? NO_CALIBRATION).statusFor(
    judge,
    expectation.criterion,
    threshold,
  )
  const notes = [judge.note, describeCalibration(calibration)].filter(Boolean).join('; ')
  const base = {
    id: expectation.id,
    type: 'judge' as const,
    critical: expectation.critical ?? false,
  }
  const facts = {
    criterion: expectation.criterion,
    threshold,
    judge: `${judge.provider}/${judge.model}`,
    promptVersion: judge.promptVersion,
    evidenceShown: [...(expectation.include ?? [])],
    calibration: calibrationFacts(calibration),
  }
  const who = {
    provider: judge.provider,
    model: judge.model,
    kind: judge.kind,
    calibrated: calibration.calibrated,
  }
  const unanswered = (message: string, cached = false): ExpectationResult => ({
    ...base,
    label: 'ERROR',
    message: `No judge verdict: ${endSentence(message)} This says nothing about the agent; fix the judge or rerun. [${facts.judge}; ${notes}]`,
    evidence: { ...facts, failure: message },
    judge: { ...who, cached, note: notes },
  })

  const problem = thresholdProblem(threshold)
  if (problem) return unanswered(`${problem} (expectation "${expectation.id}")`)
  if (expectation.criterion.trim() === '') return unanswered('the criterion is empty')
  const reply = run.result?.reply
  if (typeof reply !== 'string') {
    const why = run.error
      ? `${run.error.kind}: ${run.error.message}`
      : 'the agent returned no reply'
    return unanswered(`there is no reply to judge (${why})`)
  }

  let outcome: JudgeOutcome
  try {
    outcome = await judge.judge({
      criterion: expectation.criterion,
      reply,
      evidence: evidenceFor(expectation, run),
      threshold,
      signal: options.signal,
    })
  } catch (error) {
    outcome = {
      ok: false,
      failure: 'unavailable',
      message: `the judge threw: ${(error as Error).message}`,
    }
  }
  if (!outcome.ok) return unanswered(outcome.message)

  const passed = verdictPasses(outcome, threshold)
  const score = formatScore(outcome.score, threshold)
  const label: ResultLabel = passed ? 'PASS' : 'FAIL'
  const verdict =
    outcome.label === 'fail'
      ? `verdict fail, score ${score}`
      : passed
        ? `verdict pass, score ${score} (threshold ${threshold})`
        : `verdict pass, but score ${score} below threshold ${threshold}`
  const tags = [facts.judge, notes, outcome.cached ? 'cached' : ''].filter(Boolean).join('; ')
  return {
    ...base,
    label,
    message: `Judge ${verdict}: ${outcome.reason} [${tags}]`,
    evidence: {
      ...facts,
      verdict: { label: outcome.label, score: outcome.score, reason: outcome.reason },
      cached: outcome.cached,
    },
    judge: { ...who, score: outcome.score, cached: outcome.cached, note: notes },
  }
}

function evidenceFor(expectation: JudgeExpectation, run: CaseRun): JudgeEvidence | undefined {
  const include = expectation.include ?? []
  if (include.length === 0) return undefined
  return {
    ...(include.includes('input') ? { input: run.input } : {}),
    ...(include.includes('records') ? { records: run.records } : {}),
    ...(include.includes('finalState') ? { finalState: run.finalState } : {}),
  }
}

function calibrationFacts(status: CalibrationStatus): JsonValue {
  return {
    calibrated: status.calibrated,
    n: status.n,
    agreement: status.agreement,
    kappa: status.kappa,
    shortfall: status.shortfall,
  }
}
