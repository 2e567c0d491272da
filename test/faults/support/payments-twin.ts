import type { TwinDocument } from '../../../src/schema/twin-document.ts'

/** Reserved TLD (RFC 2606): nothing here can ever reach a real server. */
export const PAYMENTS_URL = 'https://payments.agenttwin.invalid'

export const ORDER_BEFORE = {
  order_id: 'ORD-1',
  status: 'paid',
  total: 40,
  refunded_amount: 0,
  refund_count: 0,
}

/**
 * A payment provider with one read and one write. The write has three
 * effects, so half-applied (`partial`) and doubled (`twice`) are visible
 * in the state, each in its own field.
 */
export const paymentsDocument: TwinDocument = {
  apiVersion: 'agenttwin/twin.v1',
  metadata: { name: 'payments', version: '1.0.0' },
  http: { baseUrl: PAYMENTS_URL },
  state: { orders: { 'ORD-1': ORDER_BEFORE } },
  tools: [
    {
      name: 'get_order',
      description: 'Reads one order.',
      risk: 'READ',
      http: { method: 'GET', path: '/orders/:order_id' },
      input: {
        type: 'object',
        properties: { order_id: { type: 'string' } },
        required: ['order_id'],
        additionalProperties: false,
      },
      handler: { kind: 'read', target: 'orders.{order_id}' },
    },
    {
      name: 'refund_payment',
      description: 'Refunds an order.',
      risk: 'WRITE_IRREVERSIBLE',
      effectKey: 'refund:{order_id}',
      idPrefix: 're_',
      input: {
        type: 'object',
        properties: { order_id: { type: 'string' }, amount: { type: 'number' } },
        required: ['order_id', 'amount'],
        additionalProperties: false,
      },
      handler: {
        kind: 'mutate',
        target: 'orders.{order_id}',
        effects: [
          { op: 'set', path: 'status', value: 'refunded' },
          { op: 'increment', path: 'refunded_amount', by: '{amount}' },
          { op: 'increment', path: 'refund_count', by: 1 },
        ],
        response: {
          status: 201,
          body: {
            refund_id: '{$id}',
            status: 'succeeded',
            order_id: '{order_id}',
            amount: '{amount}',
          },
        },
      },
    },
  ],
}
