import {
  type CalibrationStore,
  type Judge,
  type JudgeConfig,
  resolveJudge,
} from '../../judge/index.ts'

// Captured when the matchers load (the setup file, before any test starts an
// interception): a real-model judge is the one request meant to leave the process.
const networkFetch = globalThis.fetch

/** How `toPassJudge` judges when a call does not say. */
export interface MatcherOptions {
  /**
   * A judge, or the configuration to resolve one with (`resolveJudge`).
   * Default: `resolveJudge()`, the offline keyword fake unless `AGENTTWIN_JUDGE` says otherwise.
   */
  judge?: Judge | JudgeConfig
  /** Run-wide pass threshold; a call's own `threshold` wins. Default 0.7. */
  threshold?: number
  /** Calibration figures, so results say whether the judge is calibrated for a criterion. */
  calibration?: CalibrationStore
}

let configured: MatcherOptions = {}
let resolved: Judge | undefined

/**
 * Configures the AgentTwin matchers for this test file (call it in a setup
 * file or at the top of a test file). Calling it again replaces the options.
 * @example
 * configureMatchers({ judge: { provider: 'anthropic' }, threshold: 0.8 })
 */
export function configureMatchers(options: MatcherOptions): void {
  configured = { ...options }
  resolved = undefined
}

/** The judge a `toPassJudge` call uses: its own, the configured one, or `resolveJudge()`. */
export function matcherJudge(own?: Judge): Judge {
  if (own) return own
  if (!resolved) {
    const judge = configured.judge
    resolved = isJudge(judge) ? judge : resolveJudge({ fetch: networkFetch, ...judge })
  }
  return resolved
}

/** The configured threshold and calibration. */
export function matcherJudgeOptions(): Pick<MatcherOptions, 'threshold' | 'calibration'> {
  return { threshold: configured.threshold, calibration: configured.calibration }
}

function isJudge(value: Judge | JudgeConfig | undefined): value is Judge {
  return typeof (value as Judge | undefined)?.judge === 'function'
}
