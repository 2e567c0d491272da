/**
 * The one way the plugin's options reach the test workers: Vitest's
 * `provide`/`inject`, under one key, set by the plugin for its project
 * (`project.provide` in `configureVitest`). Plain JSON; imported by the
 * main-process plugin that provides it and by the worker code that injects it.
 */
import type { GatePolicy } from '../../compare/gate.ts'
import type { JudgeConfig } from '../../judge/resolve.ts'
import type { ModelsOptions } from '../../models/types.ts'
import type { NetworkOption, PairOption } from './options.ts'

/** The key the plugin provides its resolved options under. */
export const OPTIONS_KEY = 'agenttwin:options'

/** The plugin options as every case of the project runs with them: plain JSON, absolute paths. */
export interface ResolvedSuiteOptions {
  versions?: string[]
  pairs: PairOption[]
  seed: number
  /** Trials per case, when set (the scenario's own `trials` wins). */
  trials?: number
  /** `shared` when both sides of a trial run one seed; absent: each side its own. */
  trialSeeds?: 'shared'
  /** Trials in rounds, when set. */
  sequential?: { looks: number }
  /** Significance level over trials, when set. */
  alpha?: number
  timeoutMs: number
  gate?: Partial<GatePolicy>
  overrides?: string
  judge?: JudgeConfig
  /** Run-wide judge threshold; default 0.7. */
  judgeThreshold?: number
  models?: ModelsOptions
}

/** The network option as every test file of the project receives it. */
export type ResolvedNetwork = Required<NetworkOption>

/** What the plugin provides: the suite's options (scenario files, `run(agent)`, matchers) and the network guard. */
export interface ProvidedOptions {
  suite: ResolvedSuiteOptions
  network: ResolvedNetwork
  /**
   * Whether one worker runs several test files with shared modules
   * (`isolate: false`, not a vm pool): the run guard then hands its
   * interception on from file to file.
   */
  sharedWorker: boolean
}

declare module 'vitest' {
  interface ProvidedContext {
    'agenttwin:options': ProvidedOptions
  }
}
