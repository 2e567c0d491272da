import { resolve } from 'node:path'
import { DEFAULT_CASE_TIMEOUT_MS } from '../../case/case-timeout.ts'
import { checkModelsOptions } from '../../models/options.ts'
import type { AgentTwinOptions } from '../shared/options.ts'
import type { ResolvedSuiteOptions } from '../shared/provided.ts'
import { checkPluginOptions } from './check-options.ts'

/** Default scenario globs. */
export const DEFAULT_SCENARIO_GLOBS = ['**/*.scenario.{yaml,yml,json}']

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
