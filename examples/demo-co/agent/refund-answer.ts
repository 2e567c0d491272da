import type { JsonValue } from '../../../src/core/json.ts'
import type { ToolReply } from './tool-client.ts'

/**
 * What a `refund_payment` answer tells the agent.
 * - `succeeded` / `pending`: the provider says it did / accepted it.
 * - `rejected`: a business rule said no (4xx, or a rejection inside a 2xx body).
 * - `not-started`: refused before doing anything (throttled, credentials).
 * - `unknown`: the refund may or may not have happened (timeout, broken
 *   connection, 5xx, a body the agent cannot read).
 */
export type RefundResult = 'succeeded' | 'pending' | 'rejected' | 'not-started' | 'unknown'

/**
 * Classifies a `refund_payment` answer.
 *
 * @example
 * refundResult({ status: 200, body: { status: 'succeeded', refund_id: 'rf_3' } }) // 'succeeded'
 */
export function refundResult(answer: ToolReply): RefundResult {
  switch (answer.failure) {
    case 'rejected':
    case 'not-found':
      return 'rejected'
    case 'throttled':
    case 'auth':
      return 'not-started'
    case undefined:
      break
    default:
      return 'unknown'
  }
  const status = field(answer.body, 'status')
  if (typeof status === 'string') {
    if (/^(?:succeeded|success|completed|refunded)$/i.test(status)) return 'succeeded'
    if (/^(?:pending|accepted|processing|queued)$/i.test(status)) return 'pending'
    if (/^(?:rejected|failed|declined|denied)$/i.test(status)) return 'rejected'
  }
  return answer.status === 202 ? 'pending' : 'unknown'
}

/** The provider's id of the refund, when the answer names one. */
export function refundIdOf(body: JsonValue): string | undefined {
  const id = field(body, 'refund_id')
  return typeof id === 'string' ? id : undefined
}

/** Why the provider said no, in words the customer can read; `undefined` when it gave none. */
export function rejectionReason(body: JsonValue): string | undefined {
  const error = field(body, 'error')
  const candidates = [
    field(error ?? null, 'message'),
    field(body, 'message'),
    field(body, 'reason'),
  ]
  const reason = candidates.find((value): value is string => typeof value === 'string')
  if (reason === undefined) return undefined
  // A bare code such as `declined_by_provider` is shown as a reference, not as a sentence.
  return /\s/.test(reason) ? reason : `The payment system declined it (${reason}).`
}

function field(body: JsonValue, name: string): JsonValue | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  return body[name]
}
