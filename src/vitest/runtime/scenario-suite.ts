import { afterAll, beforeAll, describe, type TestContext, TestRunner } from 'vitest'
import { comparePair, effectiveLabel } from '../../compare/index.ts'
import { InvalidDocumentError } from '../../errors.ts'
import { createInterception, type Interception } from '../../http/index.ts'
import { type HumanOverride, loadOverrides } from '../../judge/index.ts'
import { pinCase } from '../../scenario/pin.ts'
import { loadScenarioSync, locateField } from '../../schema/index.ts'
import type {} from '../meta.ts'
import { renderTrajectory } from '../reporter/render/index.ts'
import type { ResolvedSuiteOptions } from '../resolve-options.ts'
import { agentVersion, exportedVersions, resolveAgents } from './agents.ts'
import {
  ExpectationFailedError,
  PairRegressionError,
  pointAt,
  type YamlLocation,
} from './failure.ts'
import { createSideRunner } from './side-runner.ts'

/** What a generated scenario module hands to the runtime. */
export interface ScenarioSuiteInput {
  /** Absolute path of the scenario document. */
  file: string
  /** Absolute path of the agents module (for messages). */
  agentsFile: string
  agentModule: Record<string, unknown>
  options: ResolvedSuiteOptions
}

/**
 * Registers a scenario document as Vitest tests: a `describe` per scenario,
 * one test per expectation and agent version, or one test per pair when
 * pairs are configured. Called by the module the plugin generates; tests point
 * at the YAML lines they come from.
 */
export function defineScenarioSuite(input: ScenarioSuiteInput): void {
  const loaded = loadOrExplain(input.file)
  const pinned = pinCase(
    { file: input.file, document: loaded.document, twin: loaded.twin },
    { defaultSeed: input.options.seed },
  )
  const agents = resolveAgents(input.agentModule, input.agentsFile)
  const { options } = input
  const locate = (path: (string | number)[]): YamlLocation => ({
    file: input.file,
    ...locateField(loaded.source, input.file, path),
  })
  let network: Interception | undefined
  let overrides: HumanOverride[] = []
  const runner = createSideRunner({
    pinned,
    network: () => network!,
    overrides: () => overrides,
    timeoutMs: options.timeoutMs,
    judge: options.judge,
  })
  const timeout = options.timeoutMs * 3 + 10_000

  describe(`${pinned.scenario.id}: ${pinned.scenario.title}`, () => {
    beforeAll(async () => {
      network = createInterception()
      if (options.overrides) overrides = await loadOverrides(options.overrides)
    })
    afterAll(() => network?.dispose())

    if (options.pairs.length > 0) {
      for (const [pairIndex, pair] of options.pairs.entries()) {
        const baseline = agentVersion(agents, pair.baseline, input.agentsFile)
        const candidate = agentVersion(agents, pair.candidate, input.agentsFile)
        defineTask(
          `${pair.candidate} vs ${pair.baseline}`,
          locate(['id']),
          timeout,
          async (context) => {
            const baselineSide = await runner.side(baseline)
            const candidateSide = await runner.side(candidate)
            const comparison = comparePair({
              baseline: { agent: baselineSide.run.agent, cases: [baselineSide] },
              candidate: { agent: candidateSide.run.agent, cases: [candidateSide] },
              policy: options.gate,
            })
            const compared = comparison.cases[0]!
            context.task.meta.agenttwin = {
              kind: 'pair-case',
              pair,
              pairIndex,
              gate: options.gate,
              classification: compared.classification,
              baseline: baselineSide,
              candidate: candidateSide,
            }
            const summary = [
              compared.classification,
              compared.divergence?.sentence,
              compared.divergence?.detail,
            ]
              .filter(Boolean)
              .join(' — ')
            await context.annotate(summary, 'agenttwin')
            const blocking = comparison.gate.verdict === 'BLOCK'
            if (blocking && pair.expectGate !== 'BLOCK') {
              const failed = compared.changes
                .map((change) => `  ${change.id}: ${change.baseline} → ${change.candidate}`)
                .join('\n')
              throw pointAt(
                new PairRegressionError(
                  `${compared.classification}: ${pair.candidate} is worse than ${pair.baseline} on ${pinned.scenario.id}.\n${summary}\n${failed}`,
                  renderTrajectory(baselineSide.run),
                  renderTrajectory(candidateSide.run),
                ),
                locate(['id']),
                pinned.scenario.id,
              )
            }
          },
        )
      }
      return
    }

    for (const version of options.versions ?? exportedVersions(agents)) {
      const agent = agentVersion(agents, version, input.agentsFile)
      describe(version, () => {
        pinned.document.expectations.forEach((expectation, index) => {
          const where = locate(['expectations', index])
          defineTask(expectation.id, where, timeout, async (context) => {
            const side = await runner.side(agent)
            const result = side.results[index]!
            const label = effectiveLabel(result, side.results)
            context.task.meta.agenttwin = {
              kind: 'expectation',
              scenario: {
                id: pinned.scenario.id,
                version: pinned.scenario.version,
                file: input.file,
              },
              agent: side.run.agent,
              result,
              case: {
                finished: side.run.finished,
                toolCalls: side.run.records.length,
                claimed: side.run.result?.outcome,
                error: side.run.error?.message,
              },
            }
            if (label !== 'PASS') {
              throw pointAt(new ExpectationFailedError(result, label), where, expectation.id)
            }
          })
        })
      })
    }
  })
}

function defineTask(
  name: string,
  location: YamlLocation,
  timeout: number,
  handler: (context: TestContext) => Promise<void>,
): void {
  const task = TestRunner.getCurrentSuite().task(name, { handler, timeout })
  task.location = { line: location.line, column: location.column }
}

function loadOrExplain(file: string) {
  try {
    return loadScenarioSync(file)
  } catch (error) {
    // The loader's message already says file:line:col and the fix; a stack
    // into our loader would only hide it.
    if (error instanceof InvalidDocumentError) error.stack = `${error.name}: ${error.message}`
    throw error
  }
}
