import { createFaultPolicy, type FaultRuleInput } from '../../../src/faults/index.ts'
import type { TwinDocument } from '../../../src/schema/twin-document.ts'
import { createTwin } from '../../../src/twin/index.ts'
import type { Twin } from '../../../src/twin/types.ts'

/** Never resolvable: `.invalid` is reserved (RFC 2606), and the tests never leave the machine anyway. */
export const SHOP_URL = 'https://shop.agenttwin.invalid'

/** A small shop: one tool per way arguments travel (path, query, body, path + body). */
export const shopDocument: TwinDocument = {
  apiVersion: 'agenttwin/twin.v1',
  metadata: { name: 'shop', version: '1.0.0' },
  http: { baseUrl: SHOP_URL },
  state: {
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
  tools: [
    {
      name: 'lookup_order',
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
      name: 'search_orders',
      description: 'Searches orders.',
      risk: 'READ',
      http: { method: 'GET', path: '/orders' },
      input: {
        type: 'object',
        properties: {
          status: { type: 'string' },
          min_total: { type: 'number' },
          limit: { type: 'integer' },
          paid: { type: 'boolean' },
          tags: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
      handler: { kind: 'static', response: { status: 200, body: { searched: true } } },
    },
    {
      name: 'refund_payment',
      description: 'Refunds an order.',
      risk: 'WRITE_IRREVERSIBLE',
      input: {
        type: 'object',
        properties: {
          order_id: { type: 'string' },
          amount: { type: 'number' },
          idempotency_key: { type: 'string' },
        },
        required: ['order_id', 'amount'],
        additionalProperties: false,
      },
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
      input: {
        type: 'object',
        properties: { order_id: { type: 'string' }, status: { type: 'string' } },
        required: ['order_id', 'status'],
        additionalProperties: false,
      },
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
      input: {
        type: 'object',
        properties: { order_id: { type: 'string' } },
        required: ['order_id'],
        additionalProperties: false,
      },
      handler: { kind: 'delete', target: 'orders.{order_id}' },
    },
  ],
}

/** A fresh shop twin, optionally with fault rules. */
export function createShop(faults: FaultRuleInput[] = []): Twin {
  return createTwin(shopDocument, {
    faults: faults.length > 0 ? createFaultPolicy(faults, { seed: 0 }) : undefined,
  })
}
