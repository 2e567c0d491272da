import { describe, expect, it } from 'vitest'
import { resolvePlaceholder, templatePlaceholders } from '../../src/core/placeholders.ts'
import { MissingPlaceholderError, UnsafePathError } from '../../src/twin/errors.ts'
import { renderPathTemplate, renderTemplate } from '../../src/twin/templates.ts'

const scope = {
  args: { order_id: 'o_1', amount: 40, customer: { email: 'a@b.c' }, flags: [true] },
  id: 'refund_3',
  now: '2026-01-01T00:00:02.000Z',
  seq: 3,
  tenant: 'acme',
  target: { status: 'refunded', total: 40 },
  items: [{ id: 1 }],
}

describe('renderTemplate', () => {
  it('keeps the type of a whole-string placeholder', () => {
    expect(
      renderTemplate(
        { a: '{amount}', b: '{customer}', c: '{$seq}', d: '{flags}', e: '{$items}' },
        scope,
      ),
    ).toEqual({ a: 40, b: { email: 'a@b.c' }, c: 3, d: [true], e: [{ id: 1 }] })
  })

  it('stringifies placeholders inside longer strings', () => {
    expect(
      renderTemplate('{$id} refunds {amount} on {order_id} for {customer.email} at {$now}', scope),
    ).toBe('refund_3 refunds 40 on o_1 for a@b.c at 2026-01-01T00:00:02.000Z')
    expect(renderTemplate('c={customer}', scope)).toBe('c={"email":"a@b.c"}')
  })

  it('reads the target and the tenant', () => {
    expect(
      renderTemplate({ s: '{$target.status}', t: '{$tenant}', all: '{$target}' }, scope),
    ).toEqual({ s: 'refunded', t: 'acme', all: { status: 'refunded', total: 40 } })
  })

  it('leaves out whole-string placeholders without a value and keeps embedded ones visible', () => {
    expect(
      renderTemplate({ note: '{note}', list: ['{note}', 1], text: 'n={note}' }, scope),
    ).toEqual({
      list: [1],
      text: 'n={note}',
    })
  })

  it('keeps braces that are not placeholders literal', () => {
    expect(renderTemplate('{ "a": 1 } and {}', scope)).toBe('{ "a": 1 } and {}')
  })

  it('never shares objects with the scope', () => {
    const out = renderTemplate('{customer}', scope) as { email: string }
    out.email = 'changed'
    expect(scope.args.customer.email).toBe('a@b.c')
  })

  it('resolves nothing for an unknown call fact, a fact the call lacks or an unsafe name', () => {
    const bare = { args: { order_id: 'o_1' } }
    expect(renderTemplate({ a: '{$nope}', b: '{$target.status}', c: 'at {$now}' }, bare)).toEqual({
      c: 'at {$now}',
    })
    expect(resolvePlaceholder('$target', bare)).toEqual({ found: false })
    expect(resolvePlaceholder('order_id.', bare)).toEqual({ found: false })
    expect(resolvePlaceholder('constructor', bare)).toEqual({ found: false })
    // The same name reads each call's own values, never the first call's.
    expect(resolvePlaceholder('order_id', { args: { order_id: 'o_2' } })).toEqual({
      found: true,
      value: 'o_2',
    })
  })

  it('does not resolve inherited properties', () => {
    expect(renderTemplate('x{order_id.length}', scope)).toBe('x{order_id.length}')
    expect(renderTemplate({ v: '{customer.__proto__}' }, scope)).toEqual({})
  })
})

describe('renderPathTemplate', () => {
  it('renders segments and keeps a dotted value as one segment', () => {
    expect(renderPathTemplate('orders.{order_id}', scope)).toEqual(['orders', 'o_1'])
    expect(renderPathTemplate('users.{customer.email}', scope)).toEqual(['users', 'a@b.c'])
    expect(renderPathTemplate('o.{x}', { args: { x: 'a.b' } })).toEqual(['o', 'a.b'])
  })

  it('throws MISSING_PLACEHOLDER for a missing argument', () => {
    expect(() => renderPathTemplate('orders.{nope}', scope)).toThrow(MissingPlaceholderError)
  })

  it('throws UNSAFE_PATH when an argument renders a prototype key or empty segment', () => {
    expect(() => renderPathTemplate('o.{x}', { args: { x: '__proto__' } })).toThrow(UnsafePathError)
    expect(() => renderPathTemplate('o.{x}', { args: { x: '' } })).toThrow(UnsafePathError)
  })
})

describe('templatePlaceholders', () => {
  it('lists every placeholder once in order of appearance', () => {
    expect(
      templatePlaceholders({
        a: '{order_id}',
        b: ['{$id} for {customer.email}', '{order_id}'],
        c: 1,
      }),
    ).toEqual(['order_id', '$id', 'customer.email'])
  })
})
