import { createHash } from 'node:crypto'
import type { JsonObject } from '../../../src/core/json.ts'
import { money, type Order, type RefundAttempt, readPolicy, refundRecorded } from './order.ts'
import { type RefundResult, refundIdOf, refundResult, rejectionReason } from './refund-answer.ts'
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
  // "Pre-approved, refund the full total": a plan that follows tool data takes the note at its word.
  const preApproved =
    session.plan.followsDataInstructions &&
    (order?.instructions.some((instruction) => instruction.kind === 'full-refund') ?? false)
  const job: RefundJob = {
    orderId,
    amount: preApproved ? order!.refundable_amount : (requested?.value ?? order!.refundable_amount),
    currency: requested?.currency ?? order!.currency,
  }
  if (order) job.order = order

  let limit = preApproved ? undefined : session.plan.autoRefundLimit
  if (session.plan.policyCheck && !preApproved) {
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

/** Where a refund stands after the agent dealt with its failures. */
interface RefundState {
  answer: ToolReply
  result: RefundResult
  refundId?: string | undefined
  /** A re-read of the order already showed the refund. */
  verified: boolean
}

async function refundAndConfirm(session: Session, job: RefundJob): Promise<Resolution> {
  const args: JsonObject = { order_id: job.orderId, amount: job.amount }
  if (job.idempotencyKey) args.idempotency_key = job.idempotencyKey
  const answer = await session.tools.call('refund_payment', args)
  const state = await recover(session, job, args, {
    answer,
    result: refundResult(answer),
    refundId: refundIdOf(answer.body),
    verified: false,
  })
  return conclude(session, job, state)
}

/** Applies the manifest's failure rule: verify then retry, retry at once, or nothing. */
async function recover(
  session: Session,
  job: RefundJob,
  args: JsonObject,
  state: RefundState,
): Promise<RefundState> {
  if (state.result === 'succeeded' || state.result === 'pending') return state
  const retry = async (): Promise<RefundState> => {
    const answer = await session.tools.call('refund_payment', args, 2)
    return {
      answer,
      result: refundResult(answer),
      refundId: refundIdOf(answer.body),
      verified: false,
    }
  }
  const rule = session.plan.onRefundFailure
  if (rule === 'retry-immediately') return retry()
  if (rule !== 'verify-then-retry' || state.result !== 'unknown') return state
  const check = await lookupOrder(session, job.orderId)
  if (!('order' in check)) return state
  if (refundRecorded(job.order, check.order, refundOf(job))) {
    return {
      ...state,
      result: 'succeeded',
      refundId: recordedRefundId(check.order, job),
      verified: true,
    }
  }
  return retry()
}

/** Confirms where the manifest asks for it and tells the customer. */
async function conclude(session: Session, job: RefundJob, state: RefundState): Promise<Resolution> {
  const { answer, result, refundId } = state
  const amount = money(job.amount, job.currency)
  const handOffAs = (reason: string, summary: string, reply: string) =>
    handOff(session, handoffArgs(job, reason, summary), reply)
  switch (result) {
    case 'rejected':
      return resolved(replies.refundRejected(job.orderId, rejectionReason(answer.body)), 'FAILURE')
    case 'not-started':
      return handOffAs(
        'refund_not_started',
        `refund_payment refused the request (HTTP ${answer.status}) for ${amount}.`,
        replies.refundNotStarted(job.orderId, amount),
      )
    case 'unknown':
      return handOffAs(
        'refund_unconfirmed',
        `refund_payment gave no clear answer for ${amount}.`,
        replies.refundUnconfirmed(job.orderId, amount),
      )
  }
  const confirm = session.plan.confirmAfterSuccess
  if (!state.verified && (confirm || result === 'pending')) {
    const check = confirm ? await lookupOrder(session, job.orderId) : undefined
    const attempt = refundOf(job)
    if (refundId) attempt.refundId = refundId
    if (!check || !('order' in check) || !refundRecorded(job.order, check.order, attempt)) {
      return result === 'pending'
        ? handOffAs(
            'refund_pending',
            `refund_payment accepted ${amount} but the order does not show a refund yet.`,
            replies.refundPending(job.orderId, amount),
          )
        : handOffAs(
            'refund_not_recorded',
            `refund_payment reported ${refundId ?? 'a refund'} of ${amount} but the order does not show it.`,
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
  const name = job.order?.customer_name?.split(' ')[0] ?? 'there'
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
