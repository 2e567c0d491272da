import type { ModelMode } from '../core/model-usage.ts'
import { ModelModeError } from './errors.ts'
import { MODEL_MODES } from './types.ts'

export interface ModeSources {
  /** From `agentTwin({ models })` or a run option. */
  option?: ModelMode
  /** `--models` of the CLI. */
  cli?: string
  /** Default `process.env`. */
  env?: Record<string, string | undefined>
}

function parseMode(value: string, from: string): ModelMode {
  const mode = value.trim().toLowerCase() as ModelMode
  if (!MODEL_MODES.includes(mode)) {
    throw new ModelModeError(
      `${from} is "${value}", which is not a model mode. Fix: use one of ${MODEL_MODES.join(', ')}.`,
    )
  }
  return mode
}

function isCi(env: Record<string, string | undefined>): boolean {
  const ci = env.CI
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false'
}

/**
 * The mode model requests run in: the CLI's `--models`, else `AGENTTWIN_MODELS`,
 * else the option, else `replay` under CI and `auto` elsewhere. Under CI a
 * live call is never silent: `live` and `record` must come from the
 * environment or the CLI, and `auto` never falls back to the network.
 * @example
 * resolveModelMode({ env: { CI: 'true' } }) // { mode: 'replay', ci: true }
 */
export function resolveModelMode(sources: ModeSources = {}): { mode: ModelMode; ci: boolean } {
  const env = sources.env ?? process.env
  const ci = isCi(env)
  if (sources.cli) return { mode: parseMode(sources.cli, '--models'), ci }
  const fromEnv = env.AGENTTWIN_MODELS
  if (fromEnv) return { mode: parseMode(fromEnv, 'AGENTTWIN_MODELS'), ci }
  if (sources.option) {
    const mode = parseMode(sources.option, 'the models.mode option')
    if (ci && (mode === 'live' || mode === 'record')) {
      throw new ModelModeError(
        `models.mode is "${mode}" in the configuration while CI is set; a live model call in CI must be asked for explicitly. Fix: run with AGENTTWIN_MODELS=${mode} (or --models ${mode}), or use replay.`,
      )
    }
    return { mode, ci }
  }
  return { mode: ci ? 'replay' : 'auto', ci }
}
