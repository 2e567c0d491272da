import { isAbsolute, resolve } from 'node:path'
import { runAndEvaluateCase } from '../../case/run-and-evaluate.ts'
import type { CaseModelsOptions } from '../../case/run-case.ts'
import type { SideCase } from '../../compare/pair.ts'
import type { CaseRun } from '../../core/case-run.ts'
import { holdInterception, type InterceptionHold } from '../../http/shared-interception.ts'
import {
  cacheFileFromEnv,
  type HumanOverride,
  type Judge,
  loadOverrides,
  resolveJudge,
} from '../../judge/index.ts'
import { resolveModelMode } from '../../models/index.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'
import { integerOption, type ParsedOptions, stringOption } from './cli-options.ts'

type Env = Record<string, string | undefined>

/** The options of every command that runs cases (`run`, `diff`), beside its own. */
export const CASE_OPTIONS = {
  agent: { type: 'string' },
  timeout: { type: 'string', value: { integer: { min: 1 } } },
  seed: { type: 'string', value: { integer: { min: 0 } } },
  overrides: { type: 'string' },
  // Checked by resolveModelMode, which also reads AGENTTWIN_MODELS and the plugin option.
  models: { type: 'string' },
  'model-hosts': { type: 'string' },
  cassettes: { type: 'string' },
} as const

/** `--timeout` and `--seed` as numbers, or the first of them that is not one. */
export function caseNumbers(
  options: ParsedOptions,
): { timeoutMs?: number; seed?: number } | { problem: string } {
  const timeoutMs = integerOption(options, 'timeout', 1)
  const seed = integerOption(options, 'seed', 0)
  for (const value of [timeoutMs, seed]) {
    if (typeof value === 'object') return { problem: value.problem }
  }
  return { timeoutMs: timeoutMs as number | undefined, seed: seed as number | undefined }
}

/** {@link createCaseRunner} from a command's {@link CASE_OPTIONS}. */
export function caseRunnerOf(
  options: ParsedOptions,
  context: { cwd: string; env: Env; timeoutMs?: number },
): Promise<CaseRunner> {
  return createCaseRunner({
    ...context,
    overridesFile: stringOption(options, 'overrides'),
    models: stringOption(options, 'models'),
    modelHosts: stringOption(options, 'model-hosts'),
    cassetteDir: stringOption(options, 'cassettes'),
  })
}

/** How the CLI runs and evaluates cases: the same calls the Vitest plugin makes. */
export interface CaseRunner {
  /** `pinUser`: the baseline's run, whose simulated user's turns the candidate replays while the conversation is the same. */
  run(pinned: PinnedCase, agent: Agent, pin?: { pinUser?: CaseRun }): Promise<SideCase>
  /** Takes the test network down: call it once the command's output is written. */
  close(): void
}

/**
 * Resolves the judge (environment first, else the offline fake) and the
 * reviewers' overrides once, then runs each case and evaluates it.
 * @throws JudgeConfigError for a misconfigured judge, InvalidDocumentError for a bad overrides file
 */
export async function createCaseRunner(options: {
  cwd: string
  env: Env
  timeoutMs?: number
  overridesFile?: string
  /** `--models`: the mode of model traffic, over AGENTTWIN_MODELS. */
  models?: string
  /** `--model-hosts`: comma-separated hosts or base URLs that are model traffic. */
  modelHosts?: string
  /** `--cassettes`: the cassette folder, relative to the working directory. */
  cassetteDir?: string
}): Promise<CaseRunner> {
  const { cwd, env } = options
  // A mistyped --models stops the command before any case runs.
  if (options.models) resolveModelMode({ cli: options.models, env })
  const cacheFile = cacheFileFromEnv(env)
  let judge: Judge | undefined
  // Built on first use: a scenario without judge expectations never needs a key.
  const lazyJudge = (): Judge => {
    judge ??= resolveJudge({ cacheFile: cacheFile === false ? false : inside(cwd, cacheFile) }, env)
    return judge
  }
  if (env.AGENTTWIN_JUDGE) lazyJudge()
  const overrides: HumanOverride[] = options.overridesFile
    ? await loadOverrides(inside(cwd, options.overridesFile))
    : []
  // The test network stays up from the first case to the end of the command,
  // as the plugin's run-wide guard does: a request an agent's timer sends after
  // its case ended is refused, never let through to the real network.
  let hold: InterceptionHold | undefined
  return {
    run: (pinned, agent, pin = {}) => {
      hold ??= holdInterception('agenttwin')
      return runAndEvaluateCase(pinned, agent, {
        ...pin,
        interception: hold.interception,
        timeoutMs: options.timeoutMs,
        models: modelOptions(options),
        judge: lazyJudge,
        overrides,
      })
    },
    close: () => {
      hold?.release()
      hold = undefined
    },
  }
}

function modelOptions(options: {
  cwd: string
  models?: string
  modelHosts?: string
  cassetteDir?: string
}): CaseModelsOptions {
  const models: CaseModelsOptions = {}
  if (options.models) models.cli = options.models
  const hosts = options.modelHosts?.split(',').map((host) => host.trim())
  if (hosts?.some(Boolean)) models.hosts = hosts.filter(Boolean)
  if (options.cassetteDir) models.cassetteDir = inside(options.cwd, options.cassetteDir)
  return models
}

function inside(cwd: string, file: string): string {
  return isAbsolute(file) ? file : resolve(cwd, file)
}
