import { describe, expect, it } from 'vitest'
import type { JsonObject } from '../../src/core/json.ts'
import type { EffectOp } from '../../src/schema/twin-document.ts'
import { createTwin } from '../../src/twin/index.ts'
import { tool, twinDocument } from './support/documents.ts'

function account(): JsonObject {
  return {
    accounts: {
      a_1: {
        balance: 10,
        label: 'main',
        tags: ['x'],
        entries: [
          { kind: 'fee', n: 1 },
          { kind: 'credit', n: 2 },
          { kind: 'fee', n: 3 },
        ],
        meta: { a: 1, nested: { b: 2 } },
      },
    },
  }
}

/** Runs one mutate call with the given effects on account a_1. */
function runEffects(effects: EffectOp[], args: JsonObject = {}) {
  const document = twinDocument(
    [
      tool(
        'change',
        { kind: 'mutate', target: 'accounts.{id}', effects },
        { id: 'string', amount: 'number', kind: 'string', value: 'string' },
      ),
    ],
    account(),
  )
  const twin = createTwin(document)
  const { record } = twin.call({ tool: 'change', args: { id: 'a_1', ...args } })
  return { record, state: twin.state(), twin }
}

describe('effects', () => {
  it('set writes a value (templated) and records before/after at the absolute path', () => {
    const { record, state } = runEffects([{ op: 'set', path: 'label', value: 'v:{value}' }], {
      value: 'x',
    })
    expect(record.changes).toEqual([
      { path: ['accounts', 'a_1', 'label'], before: 'main', after: 'v:x' },
    ])
    expect(state).toMatchObject({ accounts: { a_1: { label: 'v:x' } } })
  })

  it('set creates a missing field, recorded without "before"', () => {
    const { record } = runEffects([{ op: 'set', path: 'closed', value: true }])
    expect(record.changes).toEqual([{ path: ['accounts', 'a_1', 'closed'], after: true }])
  })

  it('unset removes a field, recorded without "after"', () => {
    const { record, state } = runEffects([{ op: 'unset', path: 'label' }])
    expect(record.changes).toEqual([{ path: ['accounts', 'a_1', 'label'], before: 'main' }])
    expect((state.accounts as JsonObject).a_1).not.toHaveProperty('label')
  })

  it('increment and decrement by a templated amount, 1 by default', () => {
    const up = runEffects([{ op: 'increment', path: 'balance', by: '{amount}' }], { amount: 5 })
    expect(up.record.changes).toEqual([
      { path: ['accounts', 'a_1', 'balance'], before: 10, after: 15 },
    ])
    const down = runEffects([{ op: 'decrement', path: 'balance' }])
    expect(down.record.changes).toEqual([
      { path: ['accounts', 'a_1', 'balance'], before: 10, after: 9 },
    ])
  })

  it('increment of a missing number counts from 0', () => {
    const { record } = runEffects([{ op: 'increment', path: 'count' }])
    expect(record.changes).toEqual([{ path: ['accounts', 'a_1', 'count'], after: 1 }])
  })

  it('append adds to a list (creating it when missing)', () => {
    const { record } = runEffects(
      [
        { op: 'append', path: 'tags', value: '{value}' },
        { op: 'append', path: 'log', value: { at: '{$now}' } },
      ],
      { value: 'y' },
    )
    expect(record.changes).toEqual([
      { path: ['accounts', 'a_1', 'tags'], before: ['x'], after: ['x', 'y'] },
      { path: ['accounts', 'a_1', 'log'], after: [{ at: '2026-01-01T00:00:00.000Z' }] },
    ])
  })

  it('remove with "where" drops matching list items; without it removes the value', () => {
    const { record } = runEffects(
      [
        { op: 'remove', path: 'entries', where: { kind: '{kind}' } },
        { op: 'remove', path: 'tags.0' },
      ],
      { kind: 'fee' },
    )
    expect(record.changes).toEqual([
      {
        path: ['accounts', 'a_1', 'entries'],
        before: [
          { kind: 'fee', n: 1 },
          { kind: 'credit', n: 2 },
          { kind: 'fee', n: 3 },
        ],
        after: [{ kind: 'credit', n: 2 }],
      },
      { path: ['accounts', 'a_1', 'tags', '0'], before: 'x' },
    ])
  })

  it('remove with a "where" value the call does not have removes nothing', () => {
    const { record } = runEffects([{ op: 'remove', path: 'entries', where: { kind: '{kind}' } }])
    expect(record.changes).toEqual([])
    expect(record.outcome).toBe('success')
  })

  it('merge deep-merges an object', () => {
    const { record } = runEffects([
      { op: 'merge', path: 'meta', value: { nested: { c: 3 }, d: 4 } },
    ])
    expect(record.changes).toEqual([
      {
        path: ['accounts', 'a_1', 'meta'],
        before: { a: 1, nested: { b: 2 } },
        after: { a: 1, nested: { b: 2, c: 3 }, d: 4 },
      },
    ])
  })

  it('applies effects in order (later effects see earlier ones)', () => {
    const { state } = runEffects([
      { op: 'set', path: 'balance', value: 0 },
      { op: 'increment', path: 'balance', by: 3 },
    ])
    expect(state).toMatchObject({ accounts: { a_1: { balance: 3 } } })
  })

  it.each([
    ['increment of a string', [{ op: 'increment', path: 'label' }], 'accounts.a_1.label'],
    [
      'increment by a non-number',
      [{ op: 'increment', path: 'balance', by: 'lots' }],
      'accounts.a_1.balance',
    ],
    ['append to a number', [{ op: 'append', path: 'balance', value: 1 }], 'accounts.a_1.balance'],
    ['merge into a list', [{ op: 'merge', path: 'tags', value: { a: 1 } }], 'accounts.a_1.tags'],
    [
      'set through a scalar',
      [{ op: 'set', path: 'balance.cents', value: 1 }],
      'accounts.a_1.balance.cents',
    ],
  ] as [string, EffectOp[], string][])(
    '%s answers a 500 naming the path and changes nothing',
    (_, effects, path) => {
      const all: EffectOp[] = [{ op: 'set', path: 'label', value: 'changed first' }, ...effects]
      const { record, state } = runEffects(all)
      expect(record.status).toBe(500)
      expect(record.response).toMatchObject({ error: 'twin_effect_failed', tool: 'change', path })
      expect(record.outcome).toBe('error')
      expect(record.changes).toEqual([])
      expect(state).toEqual(account())
    },
  )
})
