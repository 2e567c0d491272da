import type { TwinDocument } from '../../../src/schema/twin-document.ts'
import { objectInput, twinDocument } from '../../support/twin-builder.ts'

const orderId = { type: 'string', pattern: '^ORD-[0-9]+$' }

/** A twin shaped like Demo Co's support tools, small enough to read in a test. */
export const demoTwin: TwinDocument = twinDocument(
  [
    {
      name: 'lookup_order',
      description: 'Read an order.',
      risk: 'READ',
      input: objectInput({ order_id: orderId }, { required: ['order_id'], closed: true }),
      handler: {
        kind: 'read',
        target: 'orders.{order_id}',
        notFound: { status: 404, body: { error: 'order_not_found' } },
      },
    },
    {
      name: 'get_refund_policy',
      description: 'The refund policy of an order.',
      risk: 'READ',
      input: objectInput({ order_id: orderId }, { required: ['order_id'], closed: true }),
      handler: { kind: 'read', target: 'refund_policies.{order_id}' },
    },
    {
      name: 'refund_payment',
      description: 'Refund an amount of an order. Irreversible.',
      risk: 'WRITE_IRREVERSIBLE',
      idPrefix: 'rf_',
      idempotency: { argument: 'idempotency_key' },
      effectKey: 'refund:{order_id}',
      input: objectInput(
        {
          order_id: orderId,
          amount: { type: 'number', exclusiveMinimum: 0 },
          idempotency_key: { type: 'string', minLength: 8 },
        },
        { required: ['order_id', 'amount'], closed: true },
      ),
      handler: {
        kind: 'mutate',
        target: 'orders.{order_id}',
        preconditions: [
          {
            path: 'refundable_amount',
            gte: '{amount}',
            error: { status: 409, body: { error: 'amount_exceeds_refundable' } },
          },
        ],
        effects: [
          { op: 'increment', path: 'refunded_amount', by: '{amount}' },
          { op: 'increment', path: 'refund_count', by: 1 },
          { op: 'decrement', path: 'refundable_amount', by: '{amount}' },
        ],
        response: {
          status: 200,
          body: { status: 'succeeded', refund_id: '{$id}', amount: '{amount}' },
        },
      },
    },
    {
      name: 'add_order_note',
      description: 'Add an internal note to an order.',
      risk: 'WRITE_REVERSIBLE',
      input: objectInput(
        { order_id: orderId, note: 'string' },
        { required: ['order_id', 'note'], closed: true },
      ),
      handler: {
        kind: 'mutate',
        target: 'orders.{order_id}',
        effects: [{ op: 'append', path: 'notes', value: '{note}' }],
      },
    },
    {
      name: 'send_customer_email',
      description: 'Send an e-mail to a customer.',
      risk: 'OUTBOUND_COMMUNICATION',
      idPrefix: 'msg_',
      input: objectInput(
        { to: 'string', subject: 'string' },
        { required: ['to', 'subject'], closed: true },
      ),
      handler: {
        kind: 'create',
        collection: 'outbox',
        value: { to: '{to}', subject: '{subject}', status: 'queued' },
        response: { status: 202, body: { message_id: '{$id}', status: 'queued' } },
      },
    },
    {
      name: 'handoff_to_human',
      description: 'Hand the case to a human specialist.',
      risk: 'WRITE_REVERSIBLE',
      handoff: true,
      idPrefix: 'ho_',
      input: objectInput(
        { order_id: orderId, reason: 'string' },
        { required: ['order_id', 'reason'], closed: true },
      ),
      handler: {
        kind: 'create',
        collection: 'handoffs',
        value: { order_id: '{order_id}', reason: '{reason}', status: 'open' },
        response: { status: 201, body: { handoff_id: '{$id}', status: 'open' } },
      },
    },
  ],
  {
    orders: {
      'ORD-1001': {
        order_id: 'ORD-1001',
        customer_email: 'maya@example.com',
        status: 'delivered',
        refundable_amount: 128,
        refunded_amount: 0,
        refund_count: 0,
        notes: [],
      },
    },
    refund_policies: {
      'ORD-1001': { order_id: 'ORD-1001', refundable: true, auto_refund_limit: 100 },
    },
    outbox: {},
    handoffs: {},
  },
  { name: 'demo-co-support', baseUrl: 'https://tools.demo-co.test' },
)
