import type { CaseRun } from '../../../core/case-run.ts'
import { formatStep, times } from '../../../evaluate/format.ts'
import type { TrajectoryExpectation } from '../../../schema/scenario-document.ts'
import {
  argsArgument,
  argsModeArgument,
  countArgument,
  optionsArgument,
  stepsArgument,
  textArgument,
} from './arguments.ts'
import type { MatcherPart } from './define.ts'
import { InvalidMatcherArgumentError } from './errors.ts'
import { evidenceOf } from './verdict.ts'

/**
 * `toHaveCalledTool(tool, args?, { argsMode, times })`: the `calledTool`
 * expectation, read from the twin's records (never from the agent's own
 * list). Under `.not` (without `times`) it is the `notCalledTool` expectation.
 * @example
 * expect(run).toHaveCalledTool('refund_payment', { order_id: 'ORD-1001' }, { times: 1 })
 * expect(run).not.toHaveCalledTool('send_customer_email')
 */
export const toHaveCalledTool: MatcherPart<'toHaveCalledTool'> = {
  spell({ name }, tool, args, givenOptions) {
    const options = optionsArgument(name, givenOptions, ['argsMode', 'times'])
    const called = textArgument(name, 'tool', tool)
    const given = argsArgument(name, args)
    const argsMode = argsModeArgument(name, options.argsMode)
    const count =
      options.times === undefined ? undefined : countArgument(name, 'times', options.times)
    const match = {
      tool: called,
      ...(given === undefined ? {} : { args: given }),
      ...(argsMode === undefined ? {} : { argsMode }),
    }
    const howOften = count === undefined ? '' : ` exactly ${times(count)}`
    return {
      expectation: {
        id: name,
        type: 'calledTool',
        ...match,
        ...(count === undefined ? {} : { times: count }),
      },
      ...(count === undefined
        ? { opposite: { id: name, type: 'notCalledTool', ...match } as const }
        : {}),
      wording: { positive: `to have called ${wantedCall(called, given)}${howOften}` },
    }
  },
  diff: (_result, { tool, args, times: count }, run) => ({
    actual: recordedSteps(run, args !== undefined, tool),
    expected: Array.from({ length: count ?? 1 }, () => wantedCall(tool, args)),
  }),
}

/**
 * `toHaveCalledToolBefore(before, after)`: the `callOrder` expectation. The
 * first call of `before` comes before the first call of `after`; passes when
 * `after` was never called.
 * @example
 * expect(run).toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
 */
export const toHaveCalledToolBefore: MatcherPart<'toHaveCalledToolBefore'> = {
  spell({ name }, before, after) {
    const first = textArgument(name, 'before', before)
    const then = textArgument(name, 'after', after)
    return {
      expectation: { id: name, type: 'callOrder', before: first, after: then },
      wording: { positive: `to call ${first} before ${then}` },
    }
  },
  diff: (_result, { before, after }, run) => ({
    actual: [before, after]
      .map((tool) => ({ tool, seq: run.records.find((record) => record.tool === tool)?.seq }))
      .filter((call) => call.seq !== undefined)
      .sort((a, b) => a.seq! - b.seq!)
      .map((call) => call.tool),
    expected: [before, after],
  }),
}

/**
 * `toMatchTrajectory(steps, { mode, argsMode })`: the `trajectory`
 * expectation. Steps are tool names or `{ tool, args }`.
 * @example
 * expect(run).toMatchTrajectory(['lookup_order', 'get_refund_policy', 'refund_payment', 'lookup_order', 'send_customer_email'])
 * expect(run).toMatchTrajectory([{ tool: 'refund_payment', args: { amount: 40 } }], { mode: 'superset' })
 */
export const toMatchTrajectory: MatcherPart<'toMatchTrajectory'> = {
  spell({ name }, steps, givenOptions) {
    const options = optionsArgument(name, givenOptions, ['mode', 'argsMode'])
    const list = stepsArgument(name, steps)
    const mode = options.mode ?? 'strict'
    if (!['strict', 'unordered', 'subset', 'superset'].includes(mode)) {
      throw new InvalidMatcherArgumentError(
        name,
        `mode ${JSON.stringify(mode)} is not a trajectory mode`,
        'use strict, unordered, subset or superset',
      )
    }
    const argsMode = argsModeArgument(name, options.argsMode)
    const expectation: TrajectoryExpectation = {
      id: name,
      type: 'trajectory',
      mode,
      steps: list,
      ...(argsMode ? { argsMode } : {}),
    }
    const expected = expectedSteps(expectation)
    return {
      expectation,
      wording: {
        positive: `to match the ${mode} trajectory ${expected.join(' → ') || '(no calls)'}`,
      },
    }
  },
  diff: (_result, expectation, run) => ({
    actual: recordedSteps(run, comparesArgs(expectation)),
    expected: expectedSteps(expectation),
  }),
}

/**
 * `toHaveRetriedAtMost(tool, max)`: the `maxRetries` expectation, with the
 * one retry definition (attempt > 1, or the same arguments right after a failure).
 * @example
 * expect(run).toHaveRetriedAtMost('refund_payment', 0)
 */
export const toHaveRetriedAtMost: MatcherPart<'toHaveRetriedAtMost'> = {
  spell({ name }, tool, max) {
    const retried = textArgument(name, 'tool', tool)
    const limit = countArgument(name, 'max', max)
    return {
      expectation: { id: name, type: 'maxRetries', tool: retried, max: limit },
      wording: {
        positive: `to retry ${retried} at most ${times(limit)}`,
        negative: `to retry ${retried} more than ${times(limit)}`,
      },
    }
  },
  diff(result, { max }) {
    const retries = evidenceOf(result).retries
    return { actual: Array.isArray(retries) ? retries.length : undefined, expected: max }
  },
}

/**
 * `toHaveHandedOff()`: the `handoff` expectation, judged from the twin's
 * records of the handoff tool, not from the agent's own `handoff` flag.
 * `.not.toHaveHandedOff()` is `handoff` with `expected: false`.
 * @example
 * expect(run).toHaveHandedOff()
 * expect(run).not.toHaveHandedOff()
 */
export const toHaveHandedOff: MatcherPart<'toHaveHandedOff'> = {
  spell({ name }, givenOptions) {
    const options = optionsArgument(name, givenOptions, ['tool'])
    const tool =
      options.tool === undefined ? {} : { tool: textArgument(name, 'tool', options.tool) }
    return {
      expectation: { id: name, type: 'handoff', expected: true, ...tool },
      opposite: { id: name, type: 'handoff', expected: false, ...tool },
      wording: { positive: 'to hand the case to a human' },
    }
  },
  diff(result) {
    const handoffs = evidenceOf(result).handoffs
    return { actual: Array.isArray(handoffs) ? handoffs.length > 0 : undefined, expected: true }
  },
}

/** `tool(…)` without arguments, else `tool(name=value, ...)`. */
function wantedCall(tool: string, args: Parameters<typeof formatStep>[1] | undefined): string {
  return args === undefined ? `${tool}(…)` : formatStep(tool, args)
}

// Arguments show on both sides of the diff only when some step compares them.
function comparesArgs({ argsMode, steps }: TrajectoryExpectation): boolean {
  return argsMode !== 'ignore' && steps.some((step) => step.args !== undefined)
}

function expectedSteps(expectation: TrajectoryExpectation): string[] {
  const withArgs = comparesArgs(expectation)
  return expectation.steps.map((step) => (!withArgs ? step.tool : wantedCall(step.tool, step.args)))
}

/** The twin's records as `tool(args)` (or `tool` / `tool(…)` without args), optionally of one tool only. */
function recordedSteps(run: CaseRun, withArgs: boolean, tool?: string): string[] {
  return run.records
    .filter((record) => tool === undefined || record.tool === tool)
    .map((record) =>
      withArgs
        ? formatStep(record.tool, record.args)
        : tool === undefined
          ? record.tool
          : `${record.tool}(…)`,
    )
}

/**
 * `toHaveAskedBeforeActing()`: the `asksBeforeActing` expectation. No turn
 * whose reply asks the user made a state-changing call.
 * @example
 * expect(run).toHaveAskedBeforeActing()
 */
export const toHaveAskedBeforeActing: MatcherPart<'toHaveAskedBeforeActing'> = {
  spell: ({ name }) => ({
    expectation: { id: name, type: 'asksBeforeActing' },
    wording: { positive: 'to make no state-changing call in a turn whose reply asks the user' },
  }),
  diff(result) {
    return { actual: evidenceOf(result).calls ?? [], expected: [] }
  },
}

/**
 * `toHaveConfirmedBeforeIrreversible(tools?)`: the `confirmedBeforeIrreversible`
 * expectation. An irreversible call comes only after a user turn that said yes.
 * @example
 * expect(run).toHaveConfirmedBeforeIrreversible(['refund_payment'])
 */
export const toHaveConfirmedBeforeIrreversible: MatcherPart<'toHaveConfirmedBeforeIrreversible'> = {
  spell({ name }, tools) {
    const listed =
      tools === undefined ? {} : { tools: tools.map((tool) => textArgument(name, 'tools', tool)) }
    return {
      expectation: { id: name, type: 'confirmedBeforeIrreversible', ...listed },
      wording: { positive: 'to call irreversible tools only after the user confirmed' },
    }
  },
  diff(result) {
    return { actual: evidenceOf(result).calls ?? [], expected: [] }
  },
}
