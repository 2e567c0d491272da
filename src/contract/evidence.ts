import { pathOf, readPath } from '../core/state-path.ts'
import type { ActionAttempt } from './actions.ts'
import { type CheckContext, callName, seenByCaller } from './context.ts'
import type { ReasonedVerdict } from './verdicts.ts'

/**
 * What is missing from the evidence: a receipt that never reached the caller
 * for an execution (a later replay of the same operation that delivered it
 * counts), the entity to read back, or an execution or state verdict that had
 * to stay unknown. Missing evidence never proves that nothing happened.
 */
export function missingEvidence(
  context: CheckContext,
  execution: ReasonedVerdict,
  state: ReasonedVerdict,
): string[] {
  const missing: string[] = []
  const { receipt_type: receipt } = context.contract
  const attempts = context.analysis.attempts
  for (const attempt of attempts.filter((a) => a.kind === 'executed')) {
    const delivered = attempts.some(
      (other) =>
        other.operation === attempt.operation &&
        other.record.seq >= attempt.record.seq &&
        hasReceipt(other, receipt.field),
    )
    if (!delivered) {
      missing.push(
        `${callName(attempt.record)} executed on ${context.ref}, but its receipt (${receipt.name}, field ${receipt.field}) never reached the caller: it saw ${seenByCaller(attempt.record, context.redact)}`,
      )
    }
  }
  if (context.after === undefined && context.analysis.status !== 'not_attempted') {
    missing.push(
      `${context.ref} cannot be read back from ${context.contract.authoritative_system.name}`,
    )
  }
  if (execution.verdict === 'unknown')
    missing.push(`execution evidence: ${execution.reasons.join('; ')}`)
  if (state.verdict === 'unknown' && context.analysis.status !== 'pending') {
    missing.push(`state evidence: ${state.reasons.join('; ')}`)
  }
  return missing
}

function hasReceipt(attempt: ActionAttempt, field: string): boolean {
  const { record } = attempt
  if (record.status === null || record.status < 200 || record.status >= 300) return false
  const response = record.response
  if (response === null || typeof response !== 'object') return false
  const lookup = readPath(response, pathOf(field))
  return lookup.found && lookup.value !== null && lookup.value !== ''
}
