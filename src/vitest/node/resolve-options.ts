import { resolve } from 'node:path'
import type { GatePolicy } from '../../compare/index.ts'
import type { JudgeConfig } from '../../judge/index.ts'
import { checkModelsOptions } from '../../models/options.ts'
import type { ModelsOptions } from '../../models/types.ts'
import { DEFAULT_CASE_TIMEOUT_MS } from '../../scenario/case-timeout.ts'
import type { AgentTwinOptions, PairOption } from '../shared/options.ts'
import { checkPluginOptions } from './check-options.ts'

export { InvalidPluginOptionsError } from './check-options.ts'

/** Default scenario globs. */
export const DEFAULT_SCENARIO_GLOBS = ['**/*.scenario.{yaml,yml,json}']

/** The plugin options as the generated test modules receive them: plain JSON, absolute paths. */
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

/**
 * Checks the options (`checkPluginOptions`, the one check of every option) and
 * fixes their paths against the project root.
 */
export function resolveSuiteOptions(options: AgentTwinOptions, root: string): ResolvedSuiteOptions {
  checkPluginOptions(options)
  const timeoutMs = options.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS
  const resolved: ResolvedSuiteOptions = {
    pairs: options.pairs ?? [],
    seed: options.seed ?? 0,
    timeoutMs,
  }
  if (options.trials !== undefined) Object.assign(resolved, resolveTrials(options.trials))
  if (options.alpha !== undefined) resolved.alpha = options.alpha
  if (options.versions) resolved.versions = options.versions
  if (options.gate) resolved.gate = options.gate
  if (options.overrides) resolved.overrides = resolve(root, options.overrides)
  if (options.models) {
    // The same check as every other entry point's, so the same error whichever a user went through.
    checkModelsOptions(options.models, 'models')
    resolved.models = { ...options.models }
    if (options.models.cassetteDir)
      resolved.models.cassetteDir = resolve(root, options.models.cassetteDir)
  }
  if (options.judge) {
    const { threshold, ...judge } = options.judge
    resolved.judge = judge
    if (threshold !== undefined) resolved.judgeThreshold = threshold
  }
  return resolved
}

/** `trials` as a number or `{ k, seeds, sequential }`, already checked by `checkPluginOptions`. */
function resolveTrials(
  trials: NonNullable<AgentTwinOptions['trials']>,
): Pick<ResolvedSuiteOptions, 'trials' | 'trialSeeds' | 'sequential'> {
  if (typeof trials === 'number') return { trials }
  return {
    trials: trials.k,
    ...(trials.seeds === 'shared' ? { trialSeeds: 'shared' as const } : {}),
    ...(trials.sequential ? { sequential: { looks: trials.sequential.looks } } : {}),
  }
}
