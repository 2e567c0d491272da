import type { CaseRun } from '../core/case-run.ts'
import { formatCall, joinWords } from './format.ts'
import { appliedChanges, changedState } from './records.ts'

/**
 * The business actions that happened, in words, or undefined when none did:
 * calls of state-changing tools (not outbound messages, not handoffs) that
 * changed state, whatever the caller saw. A refund that committed and then
 * timed out is one; the e-mail that tells the customer it failed is not.
 * @example
 * unreportedEffects(run) // 'refund_payment #2 changed orders.ORD-1001.refund_count (its caller saw 504)'
 */
export function unreportedEffects(run: CaseRun): string | undefined {
  const handoffs = new Set(run.tools.filter((tool) => tool.handoff).map((tool) => tool.name))
  const actions = run.records.filter(
    (record) =>
      (record.risk === 'WRITE_REVERSIBLE' || record.risk === 'WRITE_IRREVERSIBLE') &&
      !handoffs.has(record.tool) &&
      !record.replay &&
      changedState(record),
  )
  if (actions.length === 0) return undefined
  return joinWords(
    actions.map((record) => {
      const paths = [...new Set(appliedChanges(record).map((change) => change.path))]
      const seen = record.status === null ? 'no answer' : String(record.status)
      return `${formatCall(record)} changed ${joinWords(paths)} (its caller saw ${seen})`
    }),
  )
}
