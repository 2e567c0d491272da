import type { JudgeIdentity } from './types.ts'

/** What a judge must show, per criterion, before it counts as calibrated. */
export const CALIBRATION_RULES = { minExamples: 20, minAgreement: 0.8, minKappa: 0.6 } as const

/** Figures of a judge against human labels for one criterion. */
export interface CalibrationFigures {
  /** Labelled examples the judge gave a verdict on. */
  n: number
  /** `null` when there is nothing to compute it from. */
  agreement: number | null
  /** `null` when undefined (no examples, or both sides used one label only). */
  kappa: number | null
}

export interface CalibrationStatus extends CalibrationFigures {
  calibrated: boolean
  /** Why not calibrated; empty when calibrated. */
  shortfall: string[]
}

/**
 * Applies the calibration rules: at least 20 examples, agreement ≥ 80 % and
 * Cohen's kappa ≥ 0.6. An undefined kappa never calibrates.
 */
export function calibrationStatus(figures: CalibrationFigures): CalibrationStatus {
  const shortfall: string[] = []
  const { minExamples, minAgreement, minKappa } = CALIBRATION_RULES
  if (figures.n < minExamples) shortfall.push(`${figures.n} of ${minExamples} labelled examples`)
  // A null agreement means n = 0, which the count above already reports.
  if (figures.agreement !== null && figures.agreement < minAgreement) {
    shortfall.push(`agreement ${percent(figures.agreement)} below ${percent(minAgreement)}`)
  }
  if (figures.kappa === null) {
    if (figures.n > 0)
      shortfall.push('kappa undefined: judge and humans used one and the same label throughout')
  } else if (figures.kappa < minKappa) {
    shortfall.push(`kappa ${round(figures.kappa)} below ${minKappa}`)
  }
  return { ...figures, calibrated: shortfall.length === 0, shortfall }
}

/** Status of a criterion nobody calibrated. */
export const UNCALIBRATED: CalibrationStatus = calibrationStatus({
  n: 0,
  agreement: null,
  kappa: null,
})

/**
 * `calibrated (n=24, agreement=87.5%, kappa=0.75)` or
 * `uncalibrated (n=0, agreement=n/a, kappa=n/a)`.
 */
export function describeCalibration(status: CalibrationStatus): string {
  const figures = `n=${status.n}, agreement=${status.agreement === null ? 'n/a' : percent(status.agreement)}, kappa=${status.kappa === null ? 'n/a' : round(status.kappa)}`
  return `${status.calibrated ? 'calibrated' : 'uncalibrated'} (${figures})`
}

/**
 * Looks up how well a judge is calibrated for a criterion at a threshold. A
 * calibration holds only for the judge (provider, model, prompt version) and the
 * threshold it was measured with.
 */
export interface CalibrationStore {
  statusFor(judge: JudgeIdentity, criterion: string, threshold: number): CalibrationStatus
}

/** The default: every criterion uncalibrated with n=0. */
export const NO_CALIBRATION: CalibrationStore = { statusFor: () => UNCALIBRATED }

/** Criteria match when equal after collapsing whitespace (YAML folding must not matter). */
export function criterionKey(criterion: string): string {
  return criterion.replace(/\s+/g, ' ').trim()
}

export function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`
}

export function round(value: number): string {
  return String(Math.round(value * 100) / 100)
}
