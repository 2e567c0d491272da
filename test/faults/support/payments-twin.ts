import type { TwinDocument } from '../../../src/schema/twin-document.ts'
import { objectInput, twinDocument } from '../../support/twin-builder.ts'

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
export const paymentsDocument: TwinDocument = twinDocument(
  [
    {
      name: 'get_order',
      description: 'Reads one order.',
      risk: 'READ',
      http: { method: 'GET', path: '/orders/:order_id' },
      input: objectInput({ order_id: 'string' }, { required: ['order_id'], closed: true }),
      handler: { kind: 'read', target: 'orders.{order_id}' },
    },
    {
      name: 'refund_payment',
      description: 'Refunds an order.',
      risk: 'WRITE_IRREVERSIBLE',
      effectKey: 'refund:{order_id}',
      idPrefix: 're_',
      input: objectInput(
        { order_id: 'string', amount: 'number' },
        { required: ['order_id', 'amount'], closed: true },
      ),
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
  { orders: { 'ORD-1': ORDER_BEFORE } },
  { name: 'payments', baseUrl: PAYMENTS_URL },
)
