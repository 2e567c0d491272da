import { inject } from 'vitest'
import type { JudgeConfig } from '../../judge/index.ts'
import type { ModelsOptions } from '../../models/types.ts'

/** The key the plugin provides the project's case settings under. */
export const SUITE_KEY = 'agenttwin:suite'

/**
 * The plugin's settings every case of the project runs with, scenario file or
 * hand-written `run(agent)` alike: model traffic and the judge. Plain JSON.
 */
export interface ProvidedSuite {
  models?: ModelsOptions
  judge?: JudgeConfig
  judgeThreshold?: number
}

declare module 'vitest' {
  interface ProvidedContext {
    'agenttwin:suite': ProvidedSuite
  }
}

/**
 * The plugin's settings in a test worker, or nothing without the plugin (a
 * project that imports `agenttwin/vitest/setup` itself).
 * @example
 * const { models } = providedSuite()
 */
export function providedSuite(): ProvidedSuite {
  try {
    return inject(SUITE_KEY) ?? {}
  } catch {
    return {}
  }
}
