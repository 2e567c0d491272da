import { actorOf } from '../core/call-record.ts'
import type { CaseRun } from '../core/case-run.ts'
import type { ExpectationResult } from '../core/expectation-result.ts'
import type { CallOrderExpectation } from '../schema/scenario-document.ts'
import { formatSeqs } from './format.ts'
import { recordEvidence } from './records.ts'
import { makeResult, notEvaluable } from './result.ts'

/**
 * `callOrder`: `before` is called, and called first, whenever `after` is
 * called: its first call comes before the first call of `after`, so every
 * call of `after` has a call of `before` ahead of it. Calls of `before` later
 * on (a confirming re-read) are fine. When `after` is never called there is
 * nothing to order and the check passes.
 * @example
 * evaluateCallOrder({ id: 'policy-first', type: 'callOrder', before: 'get_refund_policy', after: 'refund_payment' }, run)
 * // FAIL: 'refund_payment ran before get_refund_policy (#2 before #4).'
 */
export function evaluateCallOrder(
  expectation: CallOrderExpectation,
  run: CaseRun,
): ExpectationResult {
  const { before, after } = expectation
  const early = notEvaluable(expectation, run, [before, after])
  if (early) return early
  const { beforeActor, afterActor } = expectation
  const befores = run.records.filter(
    (record) => record.tool === before && (!beforeActor || actorOf(record) === beforeActor),
  )
  const afters = run.records.filter(
    (record) => record.tool === after && (!afterActor || actorOf(record) === afterActor),
  )
  const evidence = {
    before: { tool: before, calls: befores.map(recordEvidence) },
    after: { tool: after, calls: afters.map(recordEvidence) },
  }
  const by = (actor: string | undefined) => (actor ? ` by the ${actor}` : '')
  const firstBefore = befores[0]
  const firstAfter = afters[0]
  if (!firstAfter) {
    const also = firstBefore ? ` (${before} ran at ${formatSeqs(befores)})` : ''
    return makeResult(
      expectation,
      'PASS',
      `${after} was never called, so nothing ran out of order${also}.`,
      evidence,
    )
  }
  if (!firstBefore) {
    return makeResult(
      expectation,
      'FAIL',
      `${after} ran${by(afterActor)} (${formatSeqs(afters)}) but ${before} was never called${by(beforeActor)}.`,
      evidence,
    )
  }
  if (firstBefore.seq > firstAfter.seq) {
    return makeResult(
      expectation,
      'FAIL',
      `${after} ran${by(afterActor)} before ${before}${by(beforeActor)} (#${firstAfter.seq} before #${firstBefore.seq}).`,
      evidence,
    )
  }
  return makeResult(
    expectation,
    'PASS',
    `${before} (#${firstBefore.seq}) ran before ${after} (#${firstAfter.seq}).`,
    evidence,
  )
}
