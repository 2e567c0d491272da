import type { TestContext } from 'vitest'
import { effectiveLabel } from '../../judge/review.ts'
import type { PinnedCase } from '../../scenario/pin.ts'
import type { Agent } from '../../scenario/types.ts'
import type {} from '../meta.ts'
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

/**
 * The test of one expectation on one agent version. The case runs once per
 * version and file; every expectation test reads the same run. Fails unless
 * the effective label is PASS (ERROR is never a pass).
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
      result,
      case: {
        finished: side.run.finished,
        toolCalls: side.run.records.length,
        claimed: side.run.result?.outcome,
        error: side.run.error?.message,
      },
    }
    if (label !== 'PASS') {
      throw pointAt(new ExpectationFailedError(result, label), input.where, result.id)
    }
  }
}
