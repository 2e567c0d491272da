import type { TwinDocument } from '../../../src/schema/twin-document.ts'

/**
 * A small Demo Co style twin: orders that can be looked up and refunded, a
 * refund policy, a customer e-mail outbox, a handoff queue and customer records.
 */
export const refundTwin: TwinDocument = {
  apiVersion: 'agenttwin/twin.v1',
  metadata: { name: 'refund-desk', version: '1.0.0' },
  http: { baseUrl: 'https://refund-desk.twin.test' },
  state: {
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
  tools: [
    {
      name: 'lookup_order',
      description: 'Look an order up.',
      risk: 'READ',
      input: {
        type: 'object',
        properties: { order_id: { type: 'string' } },
        required: ['order_id'],
      },
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
      input: { type: 'object', properties: { order_id: { type: 'string' } } },
      handler: { kind: 'static', response: { status: 200, body: { max_auto_refund: 100 } } },
    },
    {
      name: 'refund_payment',
      description: 'Refund an order.',
      risk: 'WRITE_IRREVERSIBLE',
      input: {
        type: 'object',
        properties: {
          order_id: { type: 'string' },
          amount: { type: 'number' },
          idempotency_key: { type: 'string' },
        },
        required: ['order_id', 'amount'],
      },
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
      input: {
        type: 'object',
        properties: { to: { type: 'string' }, subject: { type: 'string' } },
        required: ['to', 'subject'],
      },
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
      input: {
        type: 'object',
        properties: { order_id: { type: 'string' }, reason: { type: 'string' } },
        required: ['order_id'],
      },
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
      input: {
        type: 'object',
        properties: { customer_id: { type: 'string' }, email: { type: 'string' } },
        required: ['customer_id', 'email'],
      },
      handler: {
        kind: 'mutate',
        target: 'customers.{customer_id}',
        effects: [{ op: 'set', path: 'email', value: '{email}' }],
      },
    },
  ],
}
