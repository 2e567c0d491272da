/**
 * How a case's trials run, as a scenario's `trials` block or the plugin's
 * `trials` option says it: the bounds both check against live here.
 */

/** The most trials one case may run. */
export const MAX_TRIALS = 1000

/** The most looks of sequential trials. */
export const MAX_LOOKS = 20

/** Whether each side of a pair runs its own seeds (`independent`) or both sides one seed per trial. */
export type TrialSeeds = 'independent' | 'shared'

/** `trials` as an object: the most trials a side, the seeds, and looks for sequential trials. */
export interface TrialPlanDocument {
  /** Trials per side, 1 to {@link MAX_TRIALS} (with `sequential`, the most a case may use). */
  k: number
  /** Default `independent`: each side its own seeds, so a version paired with itself measures its noise. */
  seeds?: TrialSeeds
  /** Trials in rounds: the case stops at the first look whose result is decisive. */
  sequential?: { looks: number }
}
