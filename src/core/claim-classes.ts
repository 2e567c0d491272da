import { CLAIM_FAMILIES, type ClaimFamily, normaliseClaimClass } from './claim.ts'

/**
 * What an agent can tell a user about an outcome, as families, and the
 * structured claim classes agents and checkers use for each.
 */

/**
 * Structured claim classes by family. Far longer than the fixed list a known
 * bad checker used (`updated, booked, sent, approved, completed`), and only a
 * default: pass your own to the classifier, or list literal classes in a
 * contract's `allowed_user_claims`.
 */
export const DEFAULT_CLAIM_CLASSES: Readonly<Record<ClaimFamily, readonly string[]>> = {
  success: [
    'success',
    'succeeded',
    'done',
    'completed',
    'complete',
    'updated',
    'booked',
    'sent',
    'approved',
    'refunded',
    'created',
    'cancelled',
    'canceled',
    'confirmed',
    'resolved',
    'processed',
    'issued',
    'changed',
    'fixed',
    'delivered',
    'taken_care_of',
  ],
  partial: ['partial', 'partially_completed', 'partial_success', 'partly_done'],
  pending: [
    'pending',
    'submitted',
    'accepted',
    'queued',
    'awaiting_confirmation',
    'processing',
    'in_progress',
    'scheduled',
    'requested',
    'ready_to_hand_off',
  ],
  failure: [
    'failure',
    'failed',
    'rejected',
    'declined',
    'not_done',
    'error',
    'cannot_complete',
    'unable',
    'not_eligible',
  ],
  handoff: ['handoff', 'handed_off', 'escalated', 'transferred', 'handoff_accepted'],
  needs_info: [
    'needs_info',
    'needs_information',
    'clarification_needed',
    'awaiting_input',
    'question',
    'ask_user',
  ],
  none: ['none', 'no_claim'],
}

/**
 * The family of a structured claim class, or undefined when the table does not know it.
 * @example
 * familyOfClass('Taken care of') // 'success'
 * familyOfClass('draft_created') // undefined
 */
export function familyOfClass(
  value: string,
  classes: Readonly<Record<ClaimFamily, readonly string[]>> = DEFAULT_CLAIM_CLASSES,
): ClaimFamily | undefined {
  const name = normaliseClaimClass(value)
  for (const family of CLAIM_FAMILIES) {
    if (family === name || classes[family].includes(name)) return family
  }
  return undefined
}
