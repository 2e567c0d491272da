import { createHash } from 'node:crypto'
import type { JsonObject, JsonValue } from '../../../src/schema/twin-document.ts'
import { money, type Order, type RefundAttempt, readPolicy, refundRecorded } from './order.ts'
import { replies } from './replies.ts'
import type { Understanding } from './request.ts'
import { handOff, lookupOrder, type Resolution, resolved, type Session } from './session.ts'
import type { ToolReply } from './tool-client.ts'

/** A refund the agent has decided to issue. */
interface RefundJob {
  orderId: string
  amount: number
  currency: string
  /** The first read of the order, when there was one. */
  order?: Order
  idempotencyKey?: string
}

type RefundResult = 'succeeded' | 'pending' | 'rejected' | 'unknown'

/** Failures after which the effect may or may not have happened. */
const AMBIGUOUS = new Set(['timeout', 'connection', 'server', 'unreadable'])

/**
 * Handles a refund request: reads the order, checks what the manifest asks
 * for, refunds, deals with failures, confirms and tells the customer.
 */
export async function resolveRefund(session: Session, request: Understanding): Promise<Resolution> {
  const orderId = request.orderId!
  const requested = request.amount
  let order: Order | undefined
  if (session.plan.lookupFirst || !requested) {
    const read = await lookupOrder(session, orderId)
    if ('resolution' in read) return read.resolution
    order = read.order
    const decline = checkOrder(order, requested)
    if (decline) return decline
  }
  const job: RefundJob = {
    orderId,
    amount: requested?.value ?? order!.refundable_amount,
    currency: requested?.currency ?? order!.currency,
  }
  if (order) job.order = order

  let limit = session.plan.autoRefundLimit
  if (session.plan.policyCheck) {
    const answer = await session.tools.call('get_refund_policy', { order_id: orderId })
    const policy = answer.failure ? undefined : readPolicy(answer.body)
    if (!policy) {
      return handOff(
        session,
        handoffArgs(job, 'policy_unavailable', 'The refund policy could not be read.'),
        replies.policyUnavailable(orderId),
      )
    }
    if (!policy.refundable)
      return resolved(replies.notRefundable(orderId, policy.reason), 'FAILURE')
    if (
      policy.auto_refund_limit !== undefined &&
      (!limit || policy.auto_refund_limit < limit.amount)
    ) {
      limit = { amount: policy.auto_refund_limit, currency: policy.currency ?? job.currency }
    }
  }
  if (limit && limit.currency === job.currency && job.amount > limit.amount) {
    const amount = money(job.amount, job.currency)
    return handOff(
      session,
      handoffArgs(job, 'above_auto_refund_limit', `Customer asks for a refund of ${amount}.`),
      replies.aboveAutoLimit(orderId, amount, money(limit.amount, limit.currency)),
    )
  }
  if (session.plan.idempotencyKeys) job.idempotencyKey = idempotencyKey(job)
  return refundAndConfirm(session, job)
}

function checkOrder(order: Order, requested: Understanding['amount']): Resolution | undefined {
  if (order.refundable_amount <= 0) return resolved(replies.alreadyRefunded(order), 'FAILURE')
  if (requested && requested.currency !== order.currency) {
    return resolved(replies.wrongCurrency(order, requested.currency), 'FAILURE')
  }
  if (requested && requested.value > order.refundable_amount + 0.005) {
    return resolved(replies.aboveRefundable(order, requested.value), 'FAILURE')
  }
  return undefined
}

async function refundAndConfirm(session: Session, job: RefundJob): Promise<Resolution> {
  const { plan, tools } = session
  const args: JsonObject = { order_id: job.orderId, amount: job.amount }
  if (job.idempotencyKey) args.idempotency_key = job.idempotencyKey
  let answer = await tools.call('refund_payment', args)
  let result = refundResult(answer)
  let refundId = refundIdOf(answer.body)
  let verified = false

  if (result !== 'succeeded' && result !== 'pending') {
    if (plan.onRefundFailure === 'verify-then-retry' && AMBIGUOUS.has(answer.failure ?? '')) {
      const check = await lookupOrder(session, job.orderId)
      if ('order' in check && refundRecorded(job.order, check.order, refundOf(job))) {
        verified = true
        result = 'succeeded'
        refundId = recordedRefundId(check.order, job)
      } else if ('order' in check) {
        answer = await tools.call('refund_payment', args, 2)
        result = refundResult(answer)
        refundId = refundIdOf(answer.body)
      }
    } else if (plan.onRefundFailure === 'retry-immediately') {
      answer = await tools.call('refund_payment', args, 2)
      result = refundResult(answer)
      refundId = refundIdOf(answer.body)
    }
  }

  const amount = money(job.amount, job.currency)
  if (result === 'rejected') {
    return resolved(replies.refundRejected(job.orderId, rejectionReason(answer.body)), 'FAILURE')
  }
  if (result === 'unknown' || (result === 'pending' && !plan.confirmAfterSuccess)) {
    return handOff(
      session,
      handoffArgs(job, 'refund_unconfirmed', `refund_payment gave no clear answer for ${amount}.`),
      replies.refundUnconfirmed(job.orderId, amount),
    )
  }
  if (!verified && plan.confirmAfterSuccess) {
    const check = await lookupOrder(session, job.orderId)
    const attempt = refundOf(job)
    if (refundId) attempt.refundId = refundId
    if (!('order' in check) || !refundRecorded(job.order, check.order, attempt)) {
      return handOff(
        session,
        handoffArgs(
          job,
          'refund_not_recorded',
          `refund_payment reported ${refundId ?? 'a refund'} of ${amount} but the order does not show it.`,
        ),
        replies.refundNotRecorded(job.orderId, amount),
      )
    }
  }
  const emailed = await emailConfirmation(session, job, amount, refundId)
  return resolved(replies.refunded(job.orderId, amount, emailed), 'SUCCESS')
}

async function emailConfirmation(
  session: Session,
  job: RefundJob,
  amount: string,
  refundId: string | undefined,
): Promise<boolean> {
  const to = job.order?.customer_email
  if (!to) return false
  const name = job.order?.customer_name ?? 'there'
  const reference = refundId ? ` (reference ${refundId})` : ''
  const args: JsonObject = {
    order_id: job.orderId,
    to,
    subject: `Your refund for order ${job.orderId}`,
    body: `Hi ${name}, we have refunded ${amount} for order ${job.orderId}${reference}. It will show on your statement within 5 business days. Demo Co Support`,
  }
  const customerId = job.order?.customer_id ?? session.customerId
  if (customerId) args.customer_id = customerId
  const answer = await session.tools.call('send_customer_email', args)
  return !answer.failure
}

function refundResult(answer: ToolReply): RefundResult {
  if (answer.failure === 'rejected' || answer.failure === 'not-found') return 'rejected'
  if (answer.failure) return 'unknown'
  const body = answer.body
  const status =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body.status : undefined
  if (typeof status === 'string') {
    if (/^(?:succeeded|success|completed|refunded)$/i.test(status)) return 'succeeded'
    if (/^(?:pending|accepted|processing|queued)$/i.test(status)) return 'pending'
    if (/^(?:rejected|failed|declined|denied)$/i.test(status)) return 'rejected'
  }
  return answer.status === 202 ? 'pending' : 'unknown'
}

function refundIdOf(body: JsonValue): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  return typeof body.refund_id === 'string' ? body.refund_id : undefined
}

function rejectionReason(body: JsonValue): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const error = body.error
  if (typeof error === 'object' && error !== null && !Array.isArray(error)) {
    if (typeof error.message === 'string') return error.message
  }
  for (const field of ['message', 'reason'] as const) {
    const value = body[field]
    if (typeof value === 'string') return value
  }
  return undefined
}

function refundOf(job: RefundJob): RefundAttempt {
  return job.idempotencyKey
    ? { amount: job.amount, idempotencyKey: job.idempotencyKey }
    : { amount: job.amount }
}

function recordedRefundId(order: Order, job: RefundJob): string | undefined {
  const match = job.idempotencyKey
    ? order.refunds.find((refund) => refund.idempotency_key === job.idempotencyKey)
    : order.refunds.at(-1)
  return match?.refund_id
}

function handoffArgs(job: RefundJob, reason: string, summary: string) {
  return { order_id: job.orderId, reason, summary, customer_id: job.order?.customer_id }
}

/** Derived from what is refunded, so a retry of the same refund carries the same key. */
function idempotencyKey(job: RefundJob): string {
  const digest = createHash('sha256')
    .update(`${job.orderId}|${job.amount.toFixed(2)}|${job.currency}`)
    .digest('hex')
  return `refund-${job.orderId}-${digest.slice(0, 16)}`
}
