import { createFaultPolicy, type FaultRuleInput } from '../../../src/faults/index.ts'
import type { TwinDocument } from '../../../src/schema/twin-document.ts'
import { createTwin } from '../../../src/twin/index.ts'
import type { Twin } from '../../../src/twin/types.ts'
import { objectInput, twinDocument } from '../../support/twin-builder.ts'

/** Never resolvable: `.invalid` is reserved (RFC 2606), and the tests never leave the machine anyway. */
export const SHOP_URL = 'https://shop.agenttwin.invalid'

/** A small shop: one tool per way arguments travel (path, query, body, path + body). */
export const shopDocument: TwinDocument = twinDocument(
  [
    {
      name: 'lookup_order',
      description: 'Reads one order.',
      risk: 'READ',
      http: { method: 'GET', path: '/orders/:order_id' },
      input: objectInput({ order_id: 'string' }, { required: ['order_id'], closed: true }),
      handler: { kind: 'read', target: 'orders.{order_id}' },
    },
    {
      name: 'search_orders',
      description: 'Searches orders.',
      risk: 'READ',
      http: { method: 'GET', path: '/orders' },
      input: objectInput(
        {
          status: 'string',
          min_total: 'number',
          limit: 'integer',
          paid: 'boolean',
          tags: { type: 'array', items: { type: 'string' } },
        },
        { closed: true },
      ),
      handler: { kind: 'static', response: { status: 200, body: { searched: true } } },
    },
    {
      name: 'refund_payment',
      description: 'Refunds an order.',
      risk: 'WRITE_IRREVERSIBLE',
      input: objectInput(
        { order_id: 'string', amount: 'number', idempotency_key: 'string' },
        { required: ['order_id', 'amount'], closed: true },
      ),
      idempotency: { argument: 'idempotency_key' },
      effectKey: 'refund:{order_id}',
      handler: {
        kind: 'mutate',
        target: 'orders.{order_id}',
        effects: [
          { op: 'increment', path: 'refund_count', by: 1 },
          { op: 'increment', path: 'refunded_amount', by: '{amount}' },
        ],
        response: {
          status: 200,
          body: { status: 'succeeded', order_id: '{order_id}', amount: '{amount}' },
        },
      },
    },
    {
      name: 'update_status',
      description: 'Sets the status of an order.',
      risk: 'WRITE_REVERSIBLE',
      http: { method: 'PATCH', path: '/orders/:order_id' },
      input: objectInput(
        { order_id: 'string', status: 'string' },
        { required: ['order_id', 'status'], closed: true },
      ),
      handler: {
        kind: 'mutate',
        target: 'orders.{order_id}',
        effects: [{ op: 'set', path: 'status', value: '{status}' }],
      },
    },
    {
      name: 'cancel_order',
      description: 'Deletes an order.',
      risk: 'WRITE_IRREVERSIBLE',
      http: { method: 'DELETE', path: '/orders/:order_id' },
      input: objectInput({ order_id: 'string' }, { required: ['order_id'], closed: true }),
      handler: { kind: 'delete', target: 'orders.{order_id}' },
    },
  ],
  {
    orders: {
      'ORD-1001': {
        order_id: 'ORD-1001',
        status: 'delivered',
        total: 40,
        refund_count: 0,
        refunded_amount: 0,
      },
      'ORD-1002': {
        order_id: 'ORD-1002',
        status: 'shipped',
        total: 64,
        refund_count: 0,
        refunded_amount: 0,
      },
    },
  },
  { name: 'shop', baseUrl: SHOP_URL },
)

/** A fresh shop twin, optionally with fault rules. */
export function createShop(faults: FaultRuleInput[] = []): Twin {
  return createTwin(shopDocument, {
    faults: faults.length > 0 ? createFaultPolicy(faults, { seed: 0 }) : undefined,
  })
}
