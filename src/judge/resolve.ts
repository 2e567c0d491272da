import { createAnthropicJudge, DEFAULT_ANTHROPIC_MODEL } from './anthropic.ts'
import { DEFAULT_CACHE_FILE, JudgeCache, withCache } from './cache.ts'
import { JudgeConfigError } from './errors.ts'
import { createFakeJudge } from './fake.ts'
import { createOpenAIJudge, DEFAULT_OPENAI_MODEL } from './openai.ts'
import type { Judge } from './types.ts'

export const JUDGE_PROVIDERS = ['fake', 'anthropic', 'openai'] as const
export type JudgeProviderName = (typeof JUDGE_PROVIDERS)[number]

/** How to pick and reach a judge. Every field falls back to the environment, then to a default. */
export interface JudgeConfig {
  /** Env `AGENTTWIN_JUDGE`; default `fake` (offline, not a language model). */
  provider?: JudgeProviderName
  /** Env `AGENTTWIN_JUDGE_MODEL`; default `claude-sonnet-4-5` / `gpt-4o-mini`. */
  model?: string
  /** Env `AGENTTWIN_JUDGE_BASE_URL`; e.g. `http://localhost:11434/v1` for a local OpenAI-compatible server. */
  baseUrl?: string
  /** Name of the environment variable holding the key; env `AGENTTWIN_JUDGE_API_KEY_ENV`; default `ANTHROPIC_API_KEY` / `OPENAI_API_KEY`. */
  apiKeyEnv?: string
  /** Env `AGENTTWIN_JUDGE_TIMEOUT_MS`; default 30 000. */
  timeoutMs?: number
  /** Verdict cache file, or `false` for none. Env `AGENTTWIN_JUDGE_CACHE` (a path, or `off`); default `.agenttwin-cache/judge.json`. */
  cacheFile?: string | false
  /** For tests and proxies; default the global `fetch`. */
  fetch?: typeof fetch
}

type Env = Record<string, string | undefined>

/**
 * Picks the judge for this run. Real-model judging is opt-in: without a config
 * or `AGENTTWIN_JUDGE`, the judge is the offline keyword fake. Explicit config
 * wins over the environment. LLM judges get the verdict cache unless it is off.
 * Throws `JudgeConfigError` for an unknown provider or a missing API key, so a
 * misconfigured judge stops the run instead of giving `ERROR` on every case.
 * @example
 * // AGENTTWIN_JUDGE=anthropic ANTHROPIC_API_KEY=... npx vitest
 * const judge = resolveJudge()
 * const local = resolveJudge({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' })
 */
export function resolveJudge(config: JudgeConfig = {}, env: Env = process.env): Judge {
  const provider = providerName(config.provider ?? nonEmpty(env.AGENTTWIN_JUDGE) ?? 'fake')
  if (provider === 'fake') return createFakeJudge()
  const model = config.model ?? nonEmpty(env.AGENTTWIN_JUDGE_MODEL)
  const baseUrl = config.baseUrl ?? nonEmpty(env.AGENTTWIN_JUDGE_BASE_URL)
  const timeoutMs = config.timeoutMs ?? timeoutFrom(env.AGENTTWIN_JUDGE_TIMEOUT_MS)
  const transport = { timeoutMs, fetch: config.fetch }
  const keyEnv =
    config.apiKeyEnv ??
    nonEmpty(env.AGENTTWIN_JUDGE_API_KEY_ENV) ??
    (provider === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY')
  const apiKey = nonEmpty(env[keyEnv])
  let judge: Judge
  if (provider === 'anthropic') {
    if (!apiKey) {
      throw new JudgeConfigError(
        `the anthropic judge needs an API key in ${keyEnv}, which is not set. Fix: export ${keyEnv}=..., or unset AGENTTWIN_JUDGE to use the offline fake judge.`,
      )
    }
    judge = createAnthropicJudge({
      apiKey,
      model: model ?? DEFAULT_ANTHROPIC_MODEL,
      baseUrl,
      ...transport,
    })
  } else {
    // A local OpenAI-compatible server may need no key; the official endpoint always does.
    if (!apiKey && !baseUrl) {
      throw new JudgeConfigError(
        `the openai judge needs an API key in ${keyEnv}, which is not set. Fix: export ${keyEnv}=..., or set AGENTTWIN_JUDGE_BASE_URL to a local OpenAI-compatible server.`,
      )
    }
    judge = createOpenAIJudge({
      apiKey,
      model: model ?? DEFAULT_OPENAI_MODEL,
      baseUrl,
      ...transport,
    })
  }
  const cacheFile = config.cacheFile ?? cacheFileFromEnv(env)
  return cacheFile === false ? judge : withCache(judge, new JudgeCache(cacheFile))
}

function providerName(value: string): JudgeProviderName {
  const name = value.trim().toLowerCase()
  if ((JUDGE_PROVIDERS as readonly string[]).includes(name)) return name as JudgeProviderName
  throw new JudgeConfigError(
    `unknown judge provider "${value}". Fix: use one of ${JUDGE_PROVIDERS.join(', ')} (config.provider or AGENTTWIN_JUDGE).`,
  )
}

function timeoutFrom(value: string | undefined): number | undefined {
  const text = nonEmpty(value)
  if (text === undefined) return undefined
  const ms = Number(text)
  if (!Number.isInteger(ms) || ms <= 0) {
    throw new JudgeConfigError(
      `AGENTTWIN_JUDGE_TIMEOUT_MS is "${text}". Fix: give a whole number of milliseconds above 0, e.g. 30000.`,
    )
  }
  return ms
}

/** The cache file `AGENTTWIN_JUDGE_CACHE` names (`off` → false), else the default. */
export function cacheFileFromEnv(env: Env = process.env): string | false {
  const text = nonEmpty(env.AGENTTWIN_JUDGE_CACHE)
  if (text === undefined) return DEFAULT_CACHE_FILE
  return ['off', 'false', '0', 'none'].includes(text.toLowerCase()) ? false : text
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined
}
