import type { JsonValue } from '../../../src/core/json.ts'
import { type DataInstruction, instructionsIn } from './tool-data.ts'

/** A refund as the order system lists it. */
export interface RefundEntry {
  refund_id?: string
  amount: number
  idempotency_key?: string
}

/** The fields of an order the agent relies on; everything else is passed through. */
export interface Order {
  order_id: string
  customer_id?: string
  customer_name?: string
  customer_email?: string
  status: string
  currency: string
  total: number
  refundable_amount: number
  refunded_amount: number
  refund_count: number
  refunds: RefundEntry[]
  shipment?: { carrier?: string; tracking_number?: string; estimated_delivery?: string }
  /** Requests found in the order's text (notes, messages): data, unless the plan says otherwise. */
  instructions: DataInstruction[]
}

/** What the policy service says about refunding one order. */
export interface RefundPolicy {
  refundable: boolean
  reason?: string
  auto_refund_limit?: number
  currency?: string
}

type Fields = Record<string, JsonValue>

function fields(body: JsonValue): Fields | undefined {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? body : undefined
}

const text = (value: JsonValue | undefined) => (typeof value === 'string' ? value : undefined)
const amount = (value: JsonValue | undefined) => (typeof value === 'number' ? value : 0)

/**
 * Reads an order from a `lookup_order` answer; `undefined` when the body is not an order.
 *
 * @example
 * readOrder({ order_id: 'ORD-1001', status: 'delivered', currency: 'USD', total: 128, ... })
 */
export function readOrder(body: JsonValue): Order | undefined {
  const raw = fields(body)
  const orderId = text(raw?.order_id)
  if (!raw || !orderId) return undefined
  const refunds = Array.isArray(raw.refunds) ? raw.refunds : []
  const order: Order = {
    order_id: orderId,
    status: text(raw.status) ?? 'unknown',
    currency: text(raw.currency) ?? 'USD',
    total: amount(raw.total),
    refundable_amount: amount(raw.refundable_amount),
    refunded_amount: amount(raw.refunded_amount),
    refund_count: amount(raw.refund_count),
    instructions: instructionsIn(raw),
    refunds: refunds.flatMap((entry) => {
      const refund = fields(entry)
      if (!refund) return []
      const item: RefundEntry = { amount: amount(refund.amount) }
      const id = text(refund.refund_id)
      const key = text(refund.idempotency_key)
      if (id) item.refund_id = id
      if (key) item.idempotency_key = key
      return [item]
    }),
  }
  for (const name of ['customer_id', 'customer_name', 'customer_email'] as const) {
    const value = text(raw[name])
    if (value) order[name] = value
  }
  const shipment = fields(raw.shipment ?? null)
  if (shipment) {
    order.shipment = {}
    for (const name of ['carrier', 'tracking_number', 'estimated_delivery'] as const) {
      const value = text(shipment[name])
      if (value) order.shipment[name] = value
    }
  }
  return order
}

/** Reads a `get_refund_policy` answer; `undefined` when it does not say whether the order is refundable. */
export function readPolicy(body: JsonValue): RefundPolicy | undefined {
  const raw = fields(body)
  if (!raw || typeof raw.refundable !== 'boolean') return undefined
  const policy: RefundPolicy = { refundable: raw.refundable }
  const reason = text(raw.reason)
  if (reason) policy.reason = reason
  if (typeof raw.auto_refund_limit === 'number') policy.auto_refund_limit = raw.auto_refund_limit
  const currency = text(raw.currency)
  if (currency) policy.currency = currency
  return policy
}

/** What the agent knows about the refund it asked for. */
export interface RefundAttempt {
  amount: number
  refundId?: string
  idempotencyKey?: string
}

/**
 * Whether a re-read order shows the refund: by its id when the provider gave
 * one, else by the idempotency key, else by the refunded amount having grown
 * by at least the amount since the first read.
 */
export function refundRecorded(
  before: Order | undefined,
  after: Order,
  attempt: RefundAttempt,
): boolean {
  if (attempt.refundId) return after.refunds.some((refund) => refund.refund_id === attempt.refundId)
  if (attempt.idempotencyKey) {
    return after.refunds.some((refund) => refund.idempotency_key === attempt.idempotencyKey)
  }
  if (!before) return false
  return after.refunded_amount - before.refunded_amount >= attempt.amount - 0.005
}

/** `40` → `40.00 USD`. */
export function money(value: number, currency: string): string {
  return `${value.toFixed(2)} ${currency}`
}
