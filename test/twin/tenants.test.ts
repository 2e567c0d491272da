import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import { createTwin } from '../../src/twin/index.ts'
import { tool, twinDocument } from './support/documents.ts'

function tenants(): JsonObject {
  return {
    tenants: {
      acme: { orders: { o_1: { total: 10, status: 'paid' } } },
      globex: { orders: { o_1: { total: 99, status: 'paid' } } },
    },
    orders: { o_1: { total: 1, status: 'root' } },
  }
}

const scoped = { tenantPath: 'tenants.{tenant_id}' }
const properties = { tenant_id: 'string', order_id: 'string', total: 'number' }

function tenantTwin() {
  return createTwin(
    twinDocument(
      [
        tool('get_order', { kind: 'read', target: 'orders.{order_id}' }, properties, scoped),
        tool('list_orders', { kind: 'list', target: 'orders' }, properties, scoped),
        tool(
          'set_total',
          {
            kind: 'mutate',
            target: 'orders.{order_id}',
            effects: [{ op: 'set', path: 'total', value: '{total}' }],
          },
          properties,
          scoped,
        ),
        tool(
          'add_order',
          { kind: 'create', collection: 'orders', key: '{order_id}', value: { total: '{total}' } },
          properties,
          scoped,
        ),
        tool('delete_order', { kind: 'delete', target: 'orders.{order_id}' }, properties, scoped),
        tool(
          'whoami',
          { kind: 'static', response: { status: 200, body: { tenant: '{$tenant}' } } },
          properties,
          scoped,
        ),
      ],
      tenants(),
    ),
  )
}

describe('tenant isolation', () => {
  it('reads and lists only under the tenant root, and records the tenant', () => {
    const twin = tenantTwin()
    const read = twin.call({
      tool: 'get_order',
      args: { tenant_id: 'acme', order_id: 'o_1' },
    }).record
    expect(read).toMatchObject({ tenant: 'acme', response: { total: 10 } })
    const list = twin.call({ tool: 'list_orders', args: { tenant_id: 'globex' } }).record
    expect(list.response).toEqual({ items: [{ total: 99, status: 'paid' }] })
    const who = twin.call({ tool: 'whoami', args: { tenant_id: 'globex' } }).record
    expect(who.response).toEqual({ tenant: 'globex' })
  })

  it('writes only under the tenant root', () => {
    const twin = tenantTwin()
    const { record } = twin.call({
      tool: 'set_total',
      args: { tenant_id: 'acme', order_id: 'o_1', total: 5 },
    })
    expect(record.changes).toEqual([
      { path: ['tenants', 'acme', 'orders', 'o_1', 'total'], before: 10, after: 5 },
    ])
    const state = twin.state()
    const expected = tenants()
    ;(
      (expected.tenants as JsonObject).acme as { orders: { o_1: { total: number } } }
    ).orders.o_1.total = 5
    expect(state).toEqual(expected)
  })

  it.each([
    ['a dotted id', { order_id: 'globex.orders.o_1' }],
    ['a dotted tenant', { tenant_id: 'globex.orders', order_id: 'o_1' }],
    ['a parent-looking id', { order_id: '..' }],
    ['a path to the root collection', { tenant_id: 'acme', order_id: '...orders.o_1' }],
  ])('cannot reach another tenant or the root with %s', (_, overrides) => {
    const twin = tenantTwin()
    const base = { tenant_id: 'acme', order_id: 'o_1', total: 0 }
    const args = { ...base, ...overrides }
    for (const toolName of ['get_order', 'set_total', 'delete_order', 'add_order']) {
      const { record } = twin.call({ tool: toolName, args })
      for (const change of record.changes) {
        expect(change.path.slice(0, 2)).toEqual(['tenants', 'acme'])
        expect(change.path.length).toBeGreaterThan(2)
      }
      expect(JSON.stringify(record.response)).not.toContain('99')
    }
    const after = twin.state() as { tenants: JsonObject; orders: JsonObject }
    expect(after.tenants.globex).toEqual((tenants().tenants as JsonObject).globex)
    expect(after.orders).toEqual(tenants().orders)
  })

  it('answers 404 for a tenant that does not exist and creates nothing', () => {
    const twin = tenantTwin()
    const { record } = twin.call({
      tool: 'add_order',
      args: { tenant_id: 'initech', order_id: 'o_5', total: 1 },
    })
    expect(record.status).toBe(404)
    expect(record.response).toEqual({
      error: 'not_found',
      tool: 'add_order',
      path: 'tenants.initech',
    })
    expect(twin.state()).toEqual(tenants())
  })

  it('answers 400 for a prototype key as tenant, without touching anything', () => {
    const twin = tenantTwin()
    const { record } = twin.call({
      tool: 'get_order',
      args: { tenant_id: '__proto__', order_id: 'o_1' },
    })
    expect(record.status).toBe(400)
    expect(record.response).toMatchObject({ error: 'invalid_arguments', tool: 'get_order' })
    expect(({} as Record<string, unknown>).orders).toBeUndefined()
  })

  it('answers 400 when the tenant argument is missing', () => {
    const twin = tenantTwin()
    const { record } = twin.call({ tool: 'get_order', args: { order_id: 'o_1' } })
    expect(record.status).toBe(400)
    expect(record.response).toMatchObject({ problems: [{ path: 'tenant_id' }] })
  })
})
