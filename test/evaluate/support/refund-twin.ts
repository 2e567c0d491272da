import type { TwinDocument } from '../../../src/schema/twin-document.ts'
import { objectInput, twinDocument } from '../../support/twin-builder.ts'

/**
 * A small Demo Co style twin: orders that can be looked up and refunded, a
 * refund policy, a customer e-mail outbox, a handoff queue and customer records.
 */
export const refundTwin: TwinDocument = twinDocument(
  [
    {
      name: 'lookup_order',
      description: 'Look an order up.',
      risk: 'READ',
      input: objectInput({ order_id: 'string' }, { required: ['order_id'] }),
      handler: {
        kind: 'read',
        target: 'orders.{order_id}',
        notFound: { status: 404, body: { error: 'order_not_found' } },
      },
    },
    {
      name: 'get_refund_policy',
      description: 'The refund policy.',
      risk: 'READ',
      input: objectInput({ order_id: 'string' }),
      handler: { kind: 'static', response: { status: 200, body: { max_auto_refund: 100 } } },
    },
    {
      name: 'refund_payment',
      description: 'Refund an order.',
      risk: 'WRITE_IRREVERSIBLE',
      input: objectInput(
        { order_id: 'string', amount: 'number', idempotency_key: 'string' },
        { required: ['order_id', 'amount'] },
      ),
      idempotency: { argument: 'idempotency_key' },
      effectKey: 'refund:{order_id}',
      handler: {
        kind: 'mutate',
        target: 'orders.{order_id}',
        notFound: { status: 404, body: { error: 'order_not_found' } },
        effects: [
          { op: 'increment', path: 'refund_count', by: 1 },
          { op: 'increment', path: 'refunded_amount', by: '{amount}' },
          { op: 'set', path: 'status', value: 'refunded' },
        ],
        response: { status: 200, body: { status: 'succeeded', refund_id: '{$id}' } },
      },
    },
    {
      name: 'send_customer_email',
      description: 'E-mail a customer.',
      risk: 'OUTBOUND_COMMUNICATION',
      input: objectInput({ to: 'string', subject: 'string' }, { required: ['to', 'subject'] }),
      handler: {
        kind: 'create',
        collection: 'outbox',
        value: { to: '{to}', subject: '{subject}' },
      },
    },
    {
      name: 'handoff_to_human',
      description: 'Hand the case to a person.',
      risk: 'WRITE_REVERSIBLE',
      handoff: true,
      input: objectInput({ order_id: 'string', reason: 'string' }, { required: ['order_id'] }),
      handler: {
        kind: 'create',
        collection: 'handoffs',
        value: { order_id: '{order_id}', reason: '{reason}' },
      },
    },
    {
      name: 'update_customer',
      description: 'Change a customer e-mail address.',
      risk: 'WRITE_REVERSIBLE',
      input: objectInput(
        { customer_id: 'string', email: 'string' },
        { required: ['customer_id', 'email'] },
      ),
      handler: {
        kind: 'mutate',
        target: 'customers.{customer_id}',
        effects: [{ op: 'set', path: 'email', value: '{email}' }],
      },
    },
  ],
  {
    orders: {
      'ORD-1001': {
        customer_id: 'C-1',
        amount: 40,
        currency: 'USD',
        status: 'delivered',
        refund_count: 0,
        refunded_amount: 0,
      },
      'ORD-2002': {
        customer_id: 'C-2',
        amount: 15,
        currency: 'USD',
        status: 'delivered',
        refund_count: 0,
        refunded_amount: 0,
      },
    },
    customers: {
      'C-1': { name: 'Ana', email: 'ana@example.test' },
      'C-2': { name: 'Bo', email: 'bo@example.test' },
    },
    outbox: {},
    handoffs: {},
  },
  { name: 'refund-desk', baseUrl: 'https://refund-desk.twin.test' },
)
