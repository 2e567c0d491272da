import { SupportInputError } from './errors.ts'

/** The body a customer-facing front end posts to the support agent. */
export interface SupportRequest {
  message: string
  customer_id?: string
}

/** What the agent understood a message to ask. */
export interface Understanding {
  intent: 'refund' | 'order-status' | 'unclear'
  orderId?: string
  /** An amount the customer named ("40 USD"); absent means "what can be refunded". */
  amount?: { value: number; currency: string }
}

const ORDER_ID = /\bORD-\d+\b/i
const REFUND = /\b(?:refund\w*|money back|reimburs\w*|charge ?back)\b/i
const STATUS = /\b(?:where|status|track\w*|when will|arriv\w*|shipp\w*|deliver\w*)\b/i
const MONEY = [
  /(\d+(?:\.\d{1,2})?)\s*(USD|EUR|GBP)\b/i,
  /\b(USD|EUR|GBP)\s*(\d+(?:\.\d{1,2})?)/i,
  /\$\s*(\d+(?:\.\d{1,2})?)/,
]

/**
 * Checks the request body: `{ message: string, customer_id?: string }`.
 *
 * @example
 * readSupportRequest({ message: 'Where is ORD-1002?' }) // { message: 'Where is ORD-1002?' }
 */
export function readSupportRequest(input: unknown): SupportRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SupportInputError(`${input === null ? 'null' : typeof input} as input`)
  }
  const { message, customer_id } = input as Record<string, unknown>
  if (typeof message !== 'string' || message.trim() === '') {
    throw new SupportInputError('an input without a "message" string')
  }
  if (customer_id !== undefined && typeof customer_id !== 'string') {
    throw new SupportInputError('a "customer_id" that is not a string')
  }
  return customer_id === undefined ? { message } : { message, customer_id }
}

/**
 * Reads the order id, the intent and a named amount from a customer's message.
 *
 * @example
 * understand('Please refund 40 USD for order ORD-1001')
 * // { intent: 'refund', orderId: 'ORD-1001', amount: { value: 40, currency: 'USD' } }
 */
export function understand(message: string): Understanding {
  const orderId = ORDER_ID.exec(message)?.[0].toUpperCase()
  const intent = REFUND.test(message)
    ? 'refund'
    : STATUS.test(message) || orderId
      ? 'order-status'
      : 'unclear'
  const understanding: Understanding = { intent }
  if (orderId) understanding.orderId = orderId
  const amount = readAmount(message)
  if (amount) understanding.amount = amount
  return understanding
}

function readAmount(message: string): Understanding['amount'] {
  const [suffix, prefix, dollar] = MONEY.map((pattern) => pattern.exec(message))
  if (suffix) return { value: Number(suffix[1]), currency: suffix[2]!.toUpperCase() }
  if (prefix) return { value: Number(prefix[2]), currency: prefix[1]!.toUpperCase() }
  if (dollar) return { value: Number(dollar[1]), currency: 'USD' }
  return undefined
}
