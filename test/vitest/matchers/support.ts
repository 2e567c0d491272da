import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { stripVTControlCharacters } from 'node:util'
import { expect } from 'vitest'
import { agents } from '../../../examples/demo-co/agent/index.ts'
import { runCase } from '../../../src/case/run-case.ts'
import type { CaseRun } from '../../../src/core/case-run.ts'
import { type PinnedCase, pinSelection } from '../../../src/scenario/pin.ts'
import { loadScenarioSync } from '../../../src/schema/index.ts'

export const scenariosDir = fileURLToPath(
  new URL('../../../examples/demo-co/scenarios/', import.meta.url),
)

let pinned: Map<string, PinnedCase> | undefined
const runs = new Map<string, Promise<CaseRun>>()

/** A Demo Co scenario, loaded and pinned once per file. */
export function demoScenario(id: string): PinnedCase {
  pinned ??= new Map(
    pinSelection(
      readdirSync(scenariosDir)
        .filter((name) => name.endsWith('.scenario.yaml'))
        .map((name) => loadScenarioSync(`${scenariosDir}${name}`)),
    ).cases.map((one) => [one.scenario.id, one]),
  )
  const found = pinned.get(id)
  if (!found) throw new Error(`test setup: no Demo Co scenario ${id}`)
  return found
}

/** A real run of a Demo Co agent version on a Demo Co scenario (run once per file, one at a time). */
export function demoRun(id: string, version: 'v1.2.4' | 'v1.3.0' | 'v1.3.1'): Promise<CaseRun> {
  const key = `${id}@${version}`
  let run = runs.get(key)
  if (!run) {
    const previous = [...runs.values()].at(-1) ?? Promise.resolve()
    run = previous.then(() => runCase(demoScenario(id), agents[version]!))
    runs.set(key, run)
  }
  return run
}

/** Starts every run a file needs before its tests (a hook has time for it under a loaded machine). */
export async function demoRuns(
  wanted: ReadonlyArray<readonly [string, 'v1.2.4' | 'v1.3.0' | 'v1.3.1']>,
): Promise<void> {
  await Promise.all(wanted.map(([id, version]) => demoRun(id, version)))
}

/** Time for the runs a file needs, on a machine busy with the whole suite. */
export const RUNS_TIMEOUT_MS = 60_000

type Failure = Error & { actual?: unknown; expected?: unknown }

/** The message as a reader sees it without colours (the matchers colour it with Vitest's `this.utils`). */
function plain(error: unknown): Failure {
  const failure = error as Failure
  failure.message = stripVTControlCharacters(failure.message)
  return failure
}

/** The error an assertion throws, for checks on its message (without colours), actual and expected. */
export function failureOf(assertion: () => unknown): Failure {
  try {
    assertion()
  } catch (error) {
    return plain(error)
  }
  expect.unreachable('the assertion was expected to fail')
  throw new Error('unreachable')
}

/** Same as `failureOf`, for async matchers. */
export async function asyncFailureOf(assertion: () => Promise<unknown>): Promise<Failure> {
  try {
    await assertion()
  } catch (error) {
    return plain(error)
  }
  expect.unreachable('the assertion was expected to fail')
  throw new Error('unreachable')
}
