import { type CalibrationStatus, calibrationStatus } from './calibration.ts'
import type { LabelledCriterion } from './calibration-labels.ts'
import { agreement, cohensKappa, type LabelPair } from './kappa.ts'
import { DEFAULT_THRESHOLD, verdictPasses } from './threshold.ts'
import type { Judge } from './types.ts'

export const CALIBRATION_SCHEMA = 'agenttwin/judge-calibration.v1'

/** How one judge did on one criterion's labelled examples. */
export interface CriterionCalibration extends CalibrationStatus {
  criterion: string
  /** Examples the judge gave no verdict on; they are not in `n`. */
  errors: number
  /** The first few reasons the judge gave no verdict. */
  errorMessages: string[]
}

/** The result of a calibration run; `saveCalibration` writes it, `loadCalibration` reads it. */
export interface CalibrationReport {
  schema: typeof CALIBRATION_SCHEMA
  judge: Pick<Judge, 'provider' | 'model' | 'kind' | 'promptVersion'>
  threshold: number
  criteria: CriterionCalibration[]
}

export interface CalibrateOptions {
  threshold?: number
  signal?: AbortSignal
  /** Called after each example, e.g. for progress output. */
  onExample?: (criterion: string, index: number) => void
}

/**
 * Asks the judge about every labelled reply (one at a time, to stay under rate
 * limits) and compares its pass/fail, with the threshold applied exactly as in
 * `evaluateJudge`, to the human label.
 * @example
 * const report = await calibrateJudge(await loadLabels('labels.yaml'), resolveJudge())
 * for (const c of report.criteria) console.log(c.criterion, describeCalibration(c))
 */
export async function calibrateJudge(
  labels: readonly LabelledCriterion[],
  judge: Judge,
  options: CalibrateOptions = {},
): Promise<CalibrationReport> {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD
  const criteria: CriterionCalibration[] = []
  for (const { criterion, examples } of labels) {
    const pairs: LabelPair[] = []
    const errorMessages: string[] = []
    let errors = 0
    for (const [index, example] of examples.entries()) {
      let outcome: Awaited<ReturnType<Judge['judge']>>
      try {
        outcome = await judge.judge({
          criterion,
          reply: example.reply,
          threshold,
          signal: options.signal,
        })
      } catch (error) {
        outcome = { ok: false, failure: 'unavailable', message: (error as Error).message }
      }
      options.onExample?.(criterion, index)
      if (outcome.ok) {
        pairs.push({
          judge: verdictPasses(outcome, threshold) ? 'pass' : 'fail',
          human: example.label,
        })
      } else {
        errors++
        if (errorMessages.length < 3) errorMessages.push(outcome.message)
      }
    }
    const status = calibrationStatus({
      n: pairs.length,
      agreement: agreement(pairs),
      kappa: cohensKappa(pairs),
    })
    criteria.push({ criterion, ...status, errors, errorMessages })
  }
  return {
    schema: CALIBRATION_SCHEMA,
    judge: {
      provider: judge.provider,
      model: judge.model,
      kind: judge.kind,
      promptVersion: judge.promptVersion,
    },
    threshold,
    criteria,
  }
}
