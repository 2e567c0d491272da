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
  if (options.trials !== undefined) Object.assign(resolved, resolveTrials(options.trials))
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

/** The most looks of sequential trials. */
export const MAX_LOOKS = 20

const TRIALS_KEYS = ['k', 'seeds', 'sequential']

function checkK(k: unknown, where: string): number {
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > MAX_TRIALS) {
    throw new InvalidPluginOptionsError(
      `${where} is ${JSON.stringify(k)}`,
      `give a whole number of trials from 1 to ${MAX_TRIALS}, e.g. trials: 5`,
    )
  }
  return k
}

/** `trials` as a number or `{ k, seeds, sequential }`, checked. */
function resolveTrials(
  trials: NonNullable<AgentTwinOptions['trials']>,
): Pick<ResolvedSuiteOptions, 'trials' | 'trialSeeds' | 'sequential'> {
  if (typeof trials !== 'object' || trials === null || Array.isArray(trials))
    return { trials: checkK(trials, 'trials') }
  const unknown = Object.keys(trials).filter((key) => !TRIALS_KEYS.includes(key))
  if (unknown.length > 0) {
    throw new InvalidPluginOptionsError(
      `trials has unknown key ${JSON.stringify(unknown[0])}`,
      "use k, seeds and sequential, e.g. trials: { k: 20, seeds: 'independent', sequential: { looks: 4 } }",
    )
  }
  const resolved: ReturnType<typeof resolveTrials> = { trials: checkK(trials.k, 'trials.k') }
  if (trials.seeds !== undefined) {
    if (trials.seeds !== 'independent' && trials.seeds !== 'shared') {
      throw new InvalidPluginOptionsError(
        `trials.seeds is ${JSON.stringify(trials.seeds)}`,
        "give 'independent' (each side its own seeds, the default) or 'shared' (one seed per trial for both sides)",
      )
    }
    if (trials.seeds === 'shared') resolved.trialSeeds = 'shared'
  }
  if (trials.sequential !== undefined) {
    const looks = (trials.sequential as { looks?: unknown } | null)?.looks
    const keys = Object.keys(trials.sequential ?? {})
    if (
      typeof trials.sequential !== 'object' ||
      keys.some((key) => key !== 'looks') ||
      typeof looks !== 'number' ||
      !Number.isInteger(looks) ||
      looks < 2 ||
      looks > MAX_LOOKS
    ) {
      throw new InvalidPluginOptionsError(
        `trials.sequential is ${JSON.stringify(trials.sequential)}`,
        `give the number of looks, a whole number from 2 to ${MAX_LOOKS}, e.g. sequential: { looks: 4 }`,
      )
    }
    resolved.sequential = { looks }
  }
  return resolved
}
