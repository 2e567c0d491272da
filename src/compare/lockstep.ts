import { jsonEquals } from '../core/canonical-json.ts'
import type { CaseRun } from '../core/case-run.ts'
import { differingArguments } from './arguments.ts'
import { describeDivergence } from './sentences.ts'
import { type CallStep, type Step, toSteps } from './steps.ts'

/**
 * How two trajectories part, checked in this order at the first step that differs:
 * - `stopped-earlier`: one side reached its outcome while the other made another call
 *   (or, in a conversation, went on to another user turn);
 * - `turn-ended`: in a conversation, one side ended the turn with its reply while the
 *   other made another call in it;
 * - `user`: in a conversation, the user said something else to each side in the same turn;
 * - `outcome`: both stopped, with another reported outcome (or only one finished);
 * - `policy`: a policy decision (a rejection by the twin's rules, a handoff) only one side hit;
 * - `tool`: another tool;
 * - `arguments`: the same tool with other arguments;
 * - `result`: the same call with another result (status class, status, fault, state effect, replay).
 */
export type DivergenceKind =
  | 'stopped-earlier'
  | 'turn-ended'
  | 'user'
  | 'outcome'
  | 'policy'
  | 'tool'
  | 'arguments'
  | 'result'

/** The first step where baseline and candidate part. */
export interface Divergence {
  /** 1-based. */
  step: number
  kind: DivergenceKind
  baseline?: Step
  candidate?: Step
  /** "At step N ..." (in a conversation "In turn T, at step N ..."): what each side did at that step. */
  sentence: string
  /** What the recorded evidence shows about the difference; never a guessed cause. */
  detail: string
}

function sameResult(a: CallStep, b: CallStep): boolean {
  return (
    a.result === b.result &&
    a.status === b.status &&
    a.fault?.type === b.fault?.type &&
    a.effect.replay === b.effect.replay &&
    jsonEquals(a.effect.changes, b.effect.changes) &&
    jsonEquals(a.effect.deferred, b.effect.deferred)
  )
}

/** The kind of difference between two steps at the same position, or `undefined` when they match. */
export function compareSteps(baseline: Step, candidate: Step): DivergenceKind | undefined {
  if (baseline.kind === 'outcome' && candidate.kind === 'outcome') {
    const same = baseline.finished === candidate.finished && baseline.outcome === candidate.outcome
    return same ? undefined : 'outcome'
  }
  if (baseline.kind === 'outcome' || candidate.kind === 'outcome') return 'stopped-earlier'
  if (baseline.kind === 'turn' && candidate.kind === 'turn') {
    return baseline.user === candidate.user ? undefined : 'user'
  }
  if (baseline.kind === 'turn' || candidate.kind === 'turn') return 'turn-ended'
  if (!jsonEquals(baseline.policy, candidate.policy)) return 'policy'
  if (baseline.tool !== candidate.tool) return 'tool'
  if (differingArguments(baseline, candidate).length > 0) return 'arguments'
  return sameResult(baseline, candidate) ? undefined : 'result'
}

/**
 * Walks both trajectories in lockstep and returns the first step that differs,
 * with a plain-language account of it; `undefined` when they match to the end.
 * @example
 * const divergence = firstDivergence(baselineRun, candidateRun)
 * divergence?.sentence
 * // 'At step 2 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).'
 */
export function firstDivergence(baseline: CaseRun, candidate: CaseRun): Divergence | undefined {
  const left = toSteps(baseline)
  const right = toSteps(candidate)
  const length = Math.min(left.length, right.length)
  for (let index = 0; index < length; index++) {
    const a = left[index]!
    const b = right[index]!
    const kind = compareSteps(a, b)
    if (kind === undefined) continue
    const text = describeDivergence({ kind, step: index + 1, baseline: left, candidate: right })
    return { step: index + 1, kind, baseline: a, candidate: b, ...text }
  }
  return undefined
}
