import { formatCall, formatChanges } from '../compare/format.ts'
import { type Step, type TurnStep, toSteps } from '../compare/steps.ts'
import type { CaseRun } from '../core/case-run.ts'
import { formatPath } from '../core/state-path.ts'
import { quoteReply } from '../evaluate/turn-claims.ts'
import { foldLine } from './fold.ts'

function marks(step: Step & { kind: 'call' }): string[] {
  const marks: string[] = []
  if (step.fault) marks.push(`fault ${step.fault.type}`)
  if (step.policy?.kind === 'rejected') marks.push('rejected by the twin')
  if (step.policy?.kind === 'handoff') marks.push('handoff')
  if (step.effect.replay) marks.push('replay')
  return marks
}

/** A turn step: `turn 2, the user said "It is ORD-1001."`. */
function turnLine(step: TurnStep): string {
  return `turn ${step.turn}, the user said ${quoteReply(step.user)}`
}

/**
 * One step as one line: `2. refund_payment(amount=40, order_id=ORD-1001) → 504 [fault x] changed a from 0 to 1`;
 * in a conversation a turn step reads `3. turn 2, the user said "…"; the agent replied "…"`.
 */
export function renderStep(step: Step): string {
  if (step.kind === 'turn') {
    const reply =
      step.reply === undefined ? '; no reply' : `; the agent replied ${quoteReply(step.reply)}`
    return `${step.step}. ${turnLine(step)}${reply}`
  }
  if (step.kind === 'outcome') {
    const what =
      step.finished && step.outcome
        ? `reported ${step.outcome}`
        : `did not finish (${step.error?.kind ?? 'no result'})`
    return `${step.step}. ${what}`
  }
  const seen = step.status === null ? 'no status' : String(step.status)
  const tags = marks(step)
  let line = `${step.step}. ${formatCall(step.tool, step.args)} → ${seen}`
  if (tags.length > 0) line += ` [${tags.join(', ')}]`
  if (step.effect.changes.length > 0) {
    line += ` changed ${formatChanges(step.effect.changes, Number.POSITIVE_INFINITY)}`
  }
  const deferred = step.effect.deferred
  if (deferred) {
    const when = deferred.committed ? 'committed later' : 'never committed'
    line += ` deferred ${formatChanges(deferred.changes, Number.POSITIVE_INFINITY)} (${when})`
  }
  return line
}

/**
 * One step as a diff line: no step number and no values that each run mints
 * anew (idempotency keys, generated ids), so the same step on both sides lines
 * up and only real differences show: `refund_payment(amount=40, idempotency_key=…, order_id=ORD-1001) → 504 [fault timeout_after_mutation] changed orders.ORD-1001.refund_count`.
 */
export function renderDiffStep(step: Step): string {
  if (step.kind === 'outcome') return renderStep(step).replace(/^\d+\. /, '')
  if (step.kind === 'turn') return turnLine(step)
  const args = { ...step.args }
  if (step.idempotencyArgument && step.idempotencyArgument in args) {
    args[step.idempotencyArgument] = '…'
  }
  const seen = step.status === null ? 'no status' : String(step.status)
  const tags = marks(step)
  let line = `${formatCall(step.tool, args)} → ${seen}`
  if (tags.length > 0) line += ` [${tags.join(', ')}]`
  const paths = step.effect.changes.map((change) => formatPath(change.path))
  if (paths.length > 0) line += ` changed ${paths.join(', ')}`
  if (step.effect.deferred) line += ' deferred'
  return line
}

/**
 * A case's trajectory as the two sides of an assertion diff: one step per
 * line (see {@link renderDiffStep}), baseline as expected, candidate as actual.
 * With `width`, a longer step is folded onto indented continuation lines
 * (see {@link foldLine}), whole, so a diff view that cannot wrap needs no
 * sideways scrolling.
 */
export function renderTrajectoryForDiff(run: CaseRun, options: { width?: number } = {}): string {
  const { width } = options
  const lines = toSteps(run).map(renderDiffStep)
  return (width === undefined ? lines : lines.flatMap((line) => foldLine(line, width))).join('\n')
}

/**
 * A case's normalized trajectory, one numbered step per line, built from the
 * twin's records: what the reporter prints beside a divergence.
 * @example
 * renderTrajectory(run)
 * // 1. lookup_order(order_id=ORD-1001) → 200
 * // 2. refund_payment(amount=40, order_id=ORD-1001) → 200 changed orders.ORD-1001.refund_count from 0 to 1
 * // 3. reported SUCCESS
 */
export function renderTrajectory(run: CaseRun): string {
  return toSteps(run).map(renderStep).join('\n')
}
