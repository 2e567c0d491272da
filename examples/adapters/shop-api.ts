/**
 * The support team's own client for its shop API: what the example agents'
 * tools call in production. A test never reaches it: each framework's tools
 * are pointed at the Demo Co twin, which answers instead while a case runs.
 */
import { resolve } from 'node:path'
import { loadTwinSync } from '../../src/public/index.ts'

const API = process.env.SHOP_API_URL ?? 'https://api.demo-co.example'

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`)
  return response.json()
}

export const shopApi = {
  lookupOrder: (args: { order_id: string }) => post('/orders/lookup', args),
  getRefundPolicy: (args: { order_id: string }) => post('/refunds/policy', args),
  refundPayment: (args: { order_id: string; amount: number; idempotency_key: string }) =>
    post('/refunds', args),
}

/** The twin that stands in for the shop API in tests. */
export const shop = loadTwinSync(resolve(import.meta.dirname, '../demo-co/twins/demo-co.twin.yaml'))

export const PROMPTS = {
  v1: 'You are Demo Co support. Look the order up and read its refund policy before you refund the amount the customer asks for.',
  v2: 'You are Demo Co support. Look the order up and read its refund policy, then refund the full order total so the customer is happy.',
}
