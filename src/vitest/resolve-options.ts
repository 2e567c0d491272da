import { resolve } from 'node:path'
import type { GatePolicy } from '../compare/index.ts'
import { AgentTwinError } from '../core/errors.ts'
import type { JudgeConfig } from '../judge/index.ts'
import { checkModelsOptions } from '../models/options.ts'
import type { ModelsOptions } from '../models/types.ts'
import { DEFAULT_CASE_TIMEOUT_MS } from '../scenario/case-timeout.ts'
import { MAX_TRIALS } from '../scenario/trial.ts'
import type { AgentTwinOptions, PairOption } from './options.ts'

/** Default scenario globs. */
export const DEFAULT_SCENARIO_GLOBS = ['**/*.scenario.{yaml,yml,json}']

/** The plugin options as the generated test modules receive them: plain JSON, absolute paths. */
export interface ResolvedSuiteOptions {
  versions?: string[]
  pairs: PairOption[]
  seed: number
  /** Trials per case, when set (the scenario's own `trials` wins). */
  trials?: number
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

/** The plugin was given options it cannot use. */
export class InvalidPluginOptionsError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_PLUGIN_OPTIONS'

  constructor(problem: string, fix: string) {
    super({ problem: `agentTwin(): ${problem}.`, fix })
  }
}

/** Checks the options once, when Vitest starts, and fixes their paths against the project root. */
export function resolveSuiteOptions(options: AgentTwinOptions, root: string): ResolvedSuiteOptions {
  const timeoutMs = options.timeoutMs ?? DEFAULT_CASE_TIMEOUT_MS
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new InvalidPluginOptionsError(
      `timeoutMs is ${options.timeoutMs}`,
      'give a positive number of milliseconds',
    )
  }
  for (const [index, pair] of (options.pairs ?? []).entries()) {
    if (!pair.baseline || !pair.candidate) {
      throw new InvalidPluginOptionsError(
        `pairs[${index}] needs both a baseline and a candidate version`,
        "write pairs: [{ baseline: 'v1.2.4', candidate: 'v1.3.0' }]",
      )
    }
  }
  const resolved: ResolvedSuiteOptions = {
    pairs: options.pairs ?? [],
    seed: options.seed ?? 0,
    timeoutMs,
  }
  if (options.trials !== undefined) {
    if (!Number.isInteger(options.trials) || options.trials < 1 || options.trials > MAX_TRIALS) {
      throw new InvalidPluginOptionsError(
        `trials is ${JSON.stringify(options.trials)}`,
        `give a whole number of trials from 1 to ${MAX_TRIALS}, e.g. trials: 5`,
      )
    }
    resolved.trials = options.trials
  }
  if (options.alpha !== undefined) {
    if (typeof options.alpha !== 'number' || !(options.alpha > 0 && options.alpha < 1)) {
      throw new InvalidPluginOptionsError(
        `alpha is ${JSON.stringify(options.alpha)}`,
        'give a significance level between 0 and 1, e.g. alpha: 0.05',
      )
    }
    resolved.alpha = options.alpha
  }
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
