import type { CallRecord } from '../core/call-record.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { JsonObject } from '../core/json.ts'
import type { ArgsMatchMode, ToolStep, TrajectoryExpectation } from '../schema/scenario-document.ts'
import { argsMatch, defaultArgsMode } from './args-match.ts'
import { maximumMatching } from './bipartite.ts'
import { formatStep, joinWords } from './format.ts'
import { makeResult, notEvaluable } from './result.ts'

/**
 * `trajectory`: the twin's records against a list of steps (tool + args).
 * - `strict`: the same calls in the same order, no more, no fewer;
 * - `unordered`: the same calls in any order;
 * - `superset`: the records contain every step (extra calls allowed);
 * - `subset`: every record is one of the steps (steps may be left out).
 * Arguments compare per `argsMode` (default: `ignore` for a step without
 * args, else `subset`: the step's args appear in the call).
 * @example
 * evaluateTrajectory({ id: 'path', type: 'trajectory', mode: 'superset',
 *   steps: [{ tool: 'get_refund_policy' }, { tool: 'refund_payment', args: { amount: 40 } }] }, run)
 */
export function evaluateTrajectory(
  expectation: TrajectoryExpectation,
  run: CaseRun,
): ExpectationResult {
  const early = notEvaluable(
    expectation,
    run,
    expectation.steps.map((step) => step.tool),
  )
  if (early) return early
  const { mode, steps } = expectation
  const records = run.records
  const modeOf = (step: ToolStep): ArgsMatchMode =>
    expectation.argsMode ?? defaultArgsMode(step.args)
  const fits = (s: number, r: number) => stepMatches(steps[s]!, records[r]!, modeOf(steps[s]!))
  const base = {
    mode,
    expected: steps.map((step) => ({ ...step, argsMode: modeOf(step) }) as JsonObject),
    actual: records.map((r) => ({ seq: r.seq, tool: r.tool, args: r.args })),
  }
  if (mode === 'strict') {
    const failure = strictDifference(steps, records, fits)
    return failure === undefined
      ? makeResult(
          expectation,
          'PASS',
          `The ${records.length} recorded calls follow the ${steps.length} steps in order.`,
          base,
        )
      : makeResult(expectation, 'FAIL', `Trajectory (strict) differs: ${failure}.`, {
          ...base,
          firstDifference: failure,
        })
  }
  const pairing = maximumMatching(steps.length, records.length, fits)
  const matchedRecords = new Set(pairing.filter((r) => r !== -1))
  const missing = steps.flatMap((step, s) => (pairing[s] === -1 ? [step] : []))
  const unexpected = records.filter((_, r) => !matchedRecords.has(r))
  const counted = {
    missing: mode === 'subset' ? [] : missing,
    unexpected: mode === 'superset' ? [] : unexpected,
  }
  const evidence = {
    ...base,
    pairs: pairing.flatMap((r, s) => (r === -1 ? [] : [{ step: s + 1, seq: records[r]!.seq }])),
    missing: counted.missing.map((step) => formatStep(step.tool, step.args)),
    unexpected: counted.unexpected.map((r) => r.seq),
  }
  const problems = [
    ...(counted.missing.length > 0
      ? [`never called ${joinWords(counted.missing.map((s) => formatStep(s.tool, s.args)))}`]
      : []),
    ...(counted.unexpected.length > 0
      ? [`called outside the trajectory: ${joinWords(counted.unexpected.map(recordStep))}`]
      : []),
  ]
  if (problems.length === 0) {
    return makeResult(
      expectation,
      'PASS',
      `Trajectory (${mode}) matches: ${passSentence(mode, steps.length, records.length)}.`,
      evidence,
    )
  }
  return makeResult(
    expectation,
    'FAIL',
    `Trajectory (${mode}) differs: ${problems.join('; ')}.`,
    evidence,
  )
}

function stepMatches(step: ToolStep, record: CallRecord, mode: ArgsMatchMode): boolean {
  return step.tool === record.tool && argsMatch(step.args, record.args, mode)
}

function recordStep(record: CallRecord): string {
  return `${formatStep(record.tool, record.args)} #${record.seq}`
}

/** The first position where records and steps part, in words; undefined when they agree. */
function strictDifference(
  steps: readonly ToolStep[],
  records: readonly CallRecord[],
  fits: (s: number, r: number) => boolean,
): string | undefined {
  const length = Math.max(steps.length, records.length)
  for (let i = 0; i < length; i++) {
    const step = steps[i]
    const record = records[i]
    if (step && record && fits(i, i)) continue
    if (step && record) {
      return `at step ${i + 1} expected ${formatStep(step.tool, step.args)}, the twin recorded ${recordStep(record)}`
    }
    if (step) {
      return `at step ${i + 1} expected ${formatStep(step.tool, step.args)}, but the agent made only ${records.length} calls`
    }
    return `the trajectory has ${steps.length} steps, but the agent went on with ${recordStep(record!)}`
  }
  return undefined
}

function passSentence(mode: TrajectoryExpectation['mode'], steps: number, records: number): string {
  if (mode === 'unordered') return `the ${records} recorded calls are the ${steps} steps`
  if (mode === 'superset') return `all ${steps} steps were called among ${records} recorded calls`
  return `all ${records} recorded calls are among the ${steps} steps`
}
