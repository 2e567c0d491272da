import type { MatcherState } from 'vitest'
import type { CaseRun } from '../../core/case-run.ts'
import type { JsonObject } from '../../core/json.ts'
import { formatStep, times } from '../../evaluate/format.ts'
import {
  evaluateCalledTool,
  evaluateCallOrder,
  evaluateHandoff,
  evaluateMaxRetries,
  evaluateNotCalledTool,
  evaluateTrajectory,
} from '../../evaluate/index.ts'
import type {
  ArgsMatchMode,
  ToolStep,
  TrajectoryExpectation,
} from '../../schema/scenario-document.ts'
import {
  argsArgument,
  argsModeArgument,
  countArgument,
  stepsArgument,
  textArgument,
} from './arguments.ts'
import { caseRunOf } from './case-run.ts'
import { InvalidMatcherArgumentError } from './errors.ts'
import { evidenceOf, matcherResult, type SyncMatcherResult } from './verdict.ts'

/** Options of `toHaveCalledTool`. */
export interface CalledToolOptions {
  /** How `args` compare with the recorded arguments; default `subset` (every given argument equals). */
  argsMode?: ArgsMatchMode
  /** Exact number of matching calls; default: at least one. */
  times?: number
}

/** Options of `toMatchTrajectory`. */
export interface TrajectoryOptions {
  /** Default `strict`: the same calls in the same order, no more, no fewer. */
  mode?: TrajectoryExpectation['mode']
  /** Default per step: `ignore` without args, else `subset`. */
  argsMode?: ArgsMatchMode
}

/**
 * `toHaveCalledTool(tool, args?, { argsMode, times })`: the `calledTool`
 * expectation, read from the twin's records (never from the agent's own
 * list). Under `.not` (without `times`) it is the `notCalledTool` expectation.
 * @example
 * expect(run).toHaveCalledTool('refund_payment', { order_id: 'ORD-1001' }, { times: 1 })
 * expect(run).not.toHaveCalledTool('send_customer_email')
 */
export function toHaveCalledTool(
  this: MatcherState,
  received: unknown,
  tool: string,
  args?: JsonObject,
  options: CalledToolOptions = {},
): SyncMatcherResult {
  const name = 'toHaveCalledTool'
  const run = caseRunOf(received, name)
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
  const result = evaluateCalledTool(
    { id: name, type: 'calledTool', ...match, ...(count === undefined ? {} : { times: count }) },
    run,
  )
  const opposite =
    count === undefined
      ? evaluateNotCalledTool({ id: name, type: 'notCalledTool', ...match }, run)
      : undefined
  const wanted = given === undefined ? `${called}(…)` : formatStep(called, given)
  const howOften = count === undefined ? '' : ` exactly ${times(count)}`
  return matcherResult(this, name, run, {
    result,
    ...(opposite ? { opposite } : {}),
    wording: { positive: `to have called ${wanted}${howOften}` },
    actual: recordedSteps(run, given !== undefined, called),
    expected: Array.from({ length: count ?? 1 }, () => wanted),
  })
}

/**
 * `toHaveCalledToolBefore(before, after)`: the `callOrder` expectation. The
 * first call of `before` comes before the first call of `after`; passes when
 * `after` was never called.
 * @example
 * expect(run).toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
 */
export function toHaveCalledToolBefore(
  this: MatcherState,
  received: unknown,
  before: string,
  after: string,
): SyncMatcherResult {
  const name = 'toHaveCalledToolBefore'
  const run = caseRunOf(received, name)
  const first = textArgument(name, 'before', before)
  const then = textArgument(name, 'after', after)
  const result = evaluateCallOrder({ id: name, type: 'callOrder', before: first, after: then }, run)
  const firstCalls = [first, then]
    .map((tool) => ({ tool, seq: run.records.find((record) => record.tool === tool)?.seq }))
    .filter((call) => call.seq !== undefined)
    .sort((a, b) => a.seq! - b.seq!)
    .map((call) => call.tool)
  return matcherResult(this, name, run, {
    result,
    wording: { positive: `to call ${first} before ${then}` },
    actual: firstCalls,
    expected: [first, then],
  })
}

/**
 * `toMatchTrajectory(steps, { mode, argsMode })`: the `trajectory`
 * expectation. Steps are tool names or `{ tool, args }`.
 * @example
 * expect(run).toMatchTrajectory(['lookup_order', 'get_refund_policy', 'refund_payment', 'lookup_order', 'send_customer_email'])
 * expect(run).toMatchTrajectory([{ tool: 'refund_payment', args: { amount: 40 } }], { mode: 'superset' })
 */
export function toMatchTrajectory(
  this: MatcherState,
  received: unknown,
  steps: Array<string | ToolStep>,
  options: TrajectoryOptions = {},
): SyncMatcherResult {
  const name = 'toMatchTrajectory'
  const run = caseRunOf(received, name)
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
  const result = evaluateTrajectory(
    { id: name, type: 'trajectory', mode, steps: list, ...(argsMode ? { argsMode } : {}) },
    run,
  )
  // Arguments show on both sides of the diff only when some step compares them.
  const withArgs = argsMode !== 'ignore' && list.some((step) => step.args !== undefined)
  const expected = list.map((step) =>
    !withArgs
      ? step.tool
      : step.args === undefined
        ? `${step.tool}(…)`
        : formatStep(step.tool, step.args),
  )
  return matcherResult(this, name, run, {
    result,
    wording: {
      positive: `to match the ${mode} trajectory ${expected.join(' → ') || '(no calls)'}`,
    },
    actual: recordedSteps(run, withArgs),
    expected,
  })
}

/**
 * `toHaveRetriedAtMost(tool, max)`: the `maxRetries` expectation, with the
 * one retry definition (attempt > 1, or the same arguments right after a failure).
 * @example
 * expect(run).toHaveRetriedAtMost('refund_payment', 0)
 */
export function toHaveRetriedAtMost(
  this: MatcherState,
  received: unknown,
  tool: string,
  max: number,
): SyncMatcherResult {
  const name = 'toHaveRetriedAtMost'
  const run = caseRunOf(received, name)
  const retried = textArgument(name, 'tool', tool)
  const limit = countArgument(name, 'max', max)
  const result = evaluateMaxRetries(
    { id: name, type: 'maxRetries', tool: retried, max: limit },
    run,
  )
  const retries = evidenceOf(result).retries
  return matcherResult(this, name, run, {
    result,
    wording: {
      positive: `to retry ${retried} at most ${times(limit)}`,
      negative: `to retry ${retried} more than ${times(limit)}`,
    },
    actual: Array.isArray(retries) ? retries.length : undefined,
    expected: limit,
  })
}

/** Options of `toHaveHandedOff`. */
export interface HandoffOptions {
  /** The handoff tool; default: the twin's tools declared with `handoff: true`. */
  tool?: string
}

/**
 * `toHaveHandedOff()`: the `handoff` expectation, judged from the twin's
 * records of the handoff tool, not from the agent's own `handoff` flag.
 * `.not.toHaveHandedOff()` is `handoff` with `expected: false`.
 * @example
 * expect(run).toHaveHandedOff()
 * expect(run).not.toHaveHandedOff()
 */
export function toHaveHandedOff(
  this: MatcherState,
  received: unknown,
  options: HandoffOptions = {},
): SyncMatcherResult {
  const name = 'toHaveHandedOff'
  const run = caseRunOf(received, name)
  const tool = options.tool === undefined ? {} : { tool: textArgument(name, 'tool', options.tool) }
  const result = evaluateHandoff({ id: name, type: 'handoff', expected: true, ...tool }, run)
  const opposite = evaluateHandoff({ id: name, type: 'handoff', expected: false, ...tool }, run)
  const handoffs = evidenceOf(result).handoffs
  return matcherResult(this, name, run, {
    result,
    opposite,
    wording: { positive: 'to hand the case to a human' },
    actual: Array.isArray(handoffs) ? handoffs.length > 0 : undefined,
    expected: true,
  })
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
