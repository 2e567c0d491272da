import { recordArtifact, type TestContext } from 'vitest'
import type { ExpectationResult, ResultLabel } from '../../core/expectation-result.ts'
import { effectiveLabel } from '../../judge/review.ts'
import { renderTrajectory } from '../../report/trajectory.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'
import { SINGLE_CASE_ARTIFACT } from '../shared/meta.ts'
import { ExpectationFailedError, pointAt, type YamlLocation } from './failure.ts'
import type { SideRunner } from './side-runner.ts'

export interface ExpectationTestInput {
  agent: Agent
  /** Position of the expectation in the scenario. */
  index: number
  pinned: PinnedCase
  runner: SideRunner
  where: YamlLocation
}

/** `PASS. orders.ORD-1001.refund_count is 1, as expected; …` with the review, when one applies. */
function annotation(result: ExpectationResult, label: ResultLabel): string {
  const reviewed =
    label !== result.label && result.override
      ? ` (reviewed: ${result.override.originalLabel} → ${label} by ${result.override.reviewer})`
      : ''
  return `${label}${reviewed}. ${result.message}`
}

/**
 * The test of one expectation on one agent version. The case runs once per
 * version and file; every expectation test reads the same run. Fails unless
 * the effective label is PASS (ERROR is never a pass). Like a pair test it
 * carries an annotation: the label and the evaluator's sentence.
 */
export function expectationTest(
  input: ExpectationTestInput,
): (context: TestContext) => Promise<void> {
  return async (context) => {
    const side = await input.runner.side(input.agent)
    const result = side.results[input.index]!
    const label = effectiveLabel(result, side.results)
    const { scenario } = input.pinned
    context.task.meta.agenttwin = {
      kind: 'expectation',
      scenario: { id: scenario.id, version: scenario.version, file: input.where.file },
      agent: side.run.agent,
      expectation: {
        id: result.id,
        type: result.type,
        critical: result.critical,
        label,
        ...(result.turn !== undefined && { turn: result.turn }),
      },
      case: {
        finished: side.run.finished,
        toolCalls: side.run.records.length,
        claimed: side.run.result?.outcome,
        error: side.run.error?.message,
        ...(side.run.conversation && { turns: side.run.conversation.length }),
      },
    }
    // One record per case and version: the first of its expectation tests to finish carries it.
    if (input.runner.firstToRecord(side)) {
      await recordArtifact(context.task, { type: SINGLE_CASE_ARTIFACT, evaluated: side })
    }
    await context.annotate(annotation(result, label), 'agenttwin')
    // A conversation shows in the UI as it went: user turns between the calls.
    if (side.run.conversation) {
      await context.annotate(renderTrajectory(side.run), 'agenttwin:conversation')
    }
    if (label !== 'PASS') {
      throw pointAt(new ExpectationFailedError(result, label), input.where, result.id)
    }
  }
}
