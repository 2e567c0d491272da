import type { CaseRun } from '../core/case-run.ts'
import type { CaseModels } from '../core/model-usage.ts'
import {
  cassettePath,
  createModelSession,
  DEFAULT_MODEL_HOSTS,
  modelFetch,
  resolveModelMode,
} from '../models/index.ts'
import { type CaseModelsOptions, cassetteDirOf } from './run-case.ts'

/** The model traffic of the judge about one case. */
export interface JudgeTraffic {
  /** The judge's transport: give it to `judgeOver` or as a judge request's `fetch`. */
  fetch: typeof fetch
  /** Writes the judge cassette if this mode records; what the judge's calls cost. */
  finish(): CaseModels
}

/**
 * The judge's calls about `run`, served like the agent's model requests: in
 * the case's mode, from and to `<case>/<agent>@<version>.judge.cassette.json`
 * beside the agent's cassette. So a suite with a real-model judge replays in CI
 * with no key and no network, and a changed criterion or reply is a located
 * miss, never a silent live call.
 * @example
 * const traffic = judgeTraffic(run, { cassetteDir })
 * const results = await evaluateCase(expectations, run, { judge, judgeFetch: traffic.fetch })
 * traffic.finish()
 */
export function judgeTraffic(run: CaseRun, options: CaseModelsOptions = {}): JudgeTraffic {
  const { mode, ci } = resolveModelMode({ option: options.mode, cli: options.cli })
  const agent = { name: run.agent.name, version: run.agent.version }
  const dir = cassetteDirOf(run.scenario.file, options)
  const session = createModelSession({
    ...options,
    mode,
    ci,
    hosts: options.hosts ?? DEFAULT_MODEL_HOSTS,
    file: cassettePath(dir, run.scenario.id, agent, options.trial, 'judge', options.side),
    caseId: run.scenario.id,
    agent,
    testFile: options.testFile ?? run.scenario.file,
  })
  return { fetch: modelFetch(session), finish: () => session.finish() }
}
