import { expect } from 'vitest'
import {
  type CalibrationStore,
  type Judge,
  type JudgeConfig,
  resolveJudge,
} from '../../../judge/index.ts'
import { providedOptions } from '../provided.ts'

/** How `toPassJudge` judges when a call does not say. */
export interface MatcherOptions {
  /**
   * A judge, or the configuration to resolve one with (`resolveJudge`).
   * Default: the plugin's `judge` option, else `resolveJudge()`, the offline keyword fake
   * unless `AGENTTWIN_JUDGE` says otherwise.
   */
  judge?: Judge | JudgeConfig
  /** Run-wide pass threshold; a call's own `threshold` wins. Default: the plugin's `judge.threshold`, else 0.7. */
  threshold?: number
  /** Calibration figures, so results say whether the judge is calibrated for a criterion. */
  calibration?: CalibrationStore
}

interface Configuration {
  options: MatcherOptions
  judge?: Judge
}

// Per test file: with `isolate: false` one module serves several files, and a
// file's configuration must not carry over into the next.
const byFile = new Map<string, Configuration>()
const OUTSIDE_TESTS = ''

function currentFile(): string {
  return expect.getState().testPath ?? OUTSIDE_TESTS
}

function configuration(): Configuration {
  const file = currentFile()
  let found = byFile.get(file)
  if (!found) {
    // Without configureMatchers, the plugin's judge and threshold, as its scenario files use them.
    const { judge, judgeThreshold } = providedOptions()?.suite ?? {}
    found = {
      options: {
        ...(judge ? { judge } : {}),
        ...(judgeThreshold === undefined ? {} : { threshold: judgeThreshold }),
      },
    }
    byFile.set(file, found)
  }
  return found
}

/**
 * Configures the AgentTwin matchers for the test file that calls it (in a
 * setup file, which runs for every test file, or at the top of a test file).
 * Calling it again replaces the options.
 * @example
 * configureMatchers({ judge: { provider: 'anthropic' }, threshold: 0.8 })
 */
export function configureMatchers(options: MatcherOptions): void {
  byFile.set(currentFile(), { options: { ...options } })
}

/** The judge a `toPassJudge` call uses: its own, the configured one, or `resolveJudge()`. */
export function matcherJudge(own?: Judge): Judge {
  if (own) return own
  const current = configuration()
  if (!current.judge) {
    const judge = current.options.judge
    current.judge = isJudge(judge) ? judge : resolveJudge({ ...judge })
  }
  return current.judge
}

/** The configured threshold and calibration. */
export function matcherJudgeOptions(): Pick<MatcherOptions, 'threshold' | 'calibration'> {
  const { options } = configuration()
  return { threshold: options.threshold, calibration: options.calibration }
}

function isJudge(value: Judge | JudgeConfig | undefined): value is Judge {
  return typeof (value as Judge | undefined)?.judge === 'function'
}
