import { isAbsolute, resolve } from 'node:path'
import { runAndEvaluateCase } from '../../case/run-and-evaluate.ts'
import type { SideCase } from '../../compare/pair.ts'
import {
  cacheFileFromEnv,
  type HumanOverride,
  type Judge,
  loadOverrides,
  resolveJudge,
} from '../../judge/index.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'

// Captured before any case intercepts the network: a real-model judge is
// the one request of a run that is meant to leave the process.
const networkFetch = globalThis.fetch

type Env = Record<string, string | undefined>

/** How the CLI runs and evaluates cases: the same calls the Vitest plugin makes. */
export interface CaseRunner {
  run(pinned: PinnedCase, agent: Agent): Promise<SideCase>
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
}): Promise<CaseRunner> {
  const { cwd, env } = options
  const cacheFile = cacheFileFromEnv(env)
  let judge: Judge | undefined
  // Built on first use: a scenario without judge expectations never needs a key.
  const lazyJudge = (): Judge => {
    judge ??= resolveJudge(
      { fetch: networkFetch, cacheFile: cacheFile === false ? false : inside(cwd, cacheFile) },
      env,
    )
    return judge
  }
  if (env.AGENTTWIN_JUDGE) lazyJudge()
  const overrides: HumanOverride[] = options.overridesFile
    ? await loadOverrides(inside(cwd, options.overridesFile))
    : []
  return {
    run: (pinned, agent) =>
      runAndEvaluateCase(pinned, agent, {
        timeoutMs: options.timeoutMs,
        ...(options.models ? { models: { cli: options.models } } : {}),
        judge: lazyJudge,
        overrides,
      }),
  }
}

function inside(cwd: string, file: string): string {
  return isAbsolute(file) ? file : resolve(cwd, file)
}
