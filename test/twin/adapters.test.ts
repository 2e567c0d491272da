import { afterEach, describe, expect, it } from 'vitest'
import {
  AdapterFailedError,
  createTwin,
  DuplicateAdapterError,
  registerAdapter,
  UnknownAdapterError,
} from '../../src/twin/index.ts'
import type { TwinAdapter } from '../../src/twin/types.ts'

type AdapterAnswer = ReturnType<TwinAdapter['handle']>

import { fault, orders, policy, tool, twinDocument } from './support/documents.ts'

const document = twinDocument(
  [
    tool(
      'apply_coupon',
      { kind: 'adapter', adapter: 'coupon', options: { percent: 25 } },
      { order_id: 'string' },
    ),
  ],
  orders(),
)

/** Applies a percentage discount: arithmetic the declarative effects cannot express. */
const coupon: TwinAdapter = {
  handle: ({ args, options, get, set, id, now, seq }): AdapterAnswer => {
    const path = `orders.${String(args.order_id)}.total`
    const total = get(path)
    if (typeof total !== 'number') return { status: 404, body: { error: 'no_order' } }
    const discounted = total - (total * Number(options.percent)) / 100
    set(path, discounted)
    set(`coupons.${id}`, { order: args.order_id as string, at: now, seq })
    return { status: 200, body: { total: discounted }, headers: { 'x-coupon': id } }
  },
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

describe('adapters', () => {
  it('runs a registered adapter; its writes are recorded as changes', () => {
    cleanups.push(registerAdapter('coupon', coupon))
    const twin = createTwin(document)
    const { record, view } = twin.call({ tool: 'apply_coupon', args: { order_id: 'o_1' } })
    expect(record.response).toEqual({ total: 30 })
    expect(view).toMatchObject({ headers: { 'x-coupon': 'apply_coupon_1' } })
    expect(record.changes).toEqual([
      { path: ['orders', 'o_1', 'total'], before: 40, after: 30 },
      {
        path: ['coupons', 'apply_coupon_1'],
        after: { order: 'o_1', at: '2026-01-01T00:00:00.000Z', seq: 1 },
      },
    ])
  })

  it('takes adapters from options instead of the global registry', () => {
    const twin = createTwin(document, { adapters: new Map([['coupon', coupon]]) })
    expect(twin.call({ tool: 'apply_coupon', args: { order_id: 'o_2' } }).record.response).toEqual({
      total: 11.25,
    })
  })

  it('throws UNKNOWN_ADAPTER at creation when the adapter is not registered', () => {
    expect(() => createTwin(document)).toThrow(UnknownAdapterError)
    expect(() => createTwin(document)).toThrow(/registerAdapter\('coupon'/)
  })

  it('refuses a second, different adapter under a taken name', () => {
    cleanups.push(registerAdapter('coupon', coupon))
    expect(registerAdapter('coupon', coupon)).toBeTypeOf('function')
    expect(() =>
      registerAdapter('coupon', { handle: () => ({ status: 200, body: null }) }),
    ).toThrow(DuplicateAdapterError)
  })

  it('lets faults withhold an adapter’s writes like any other effect', () => {
    const twin = createTwin(document, {
      adapters: new Map([['coupon', coupon]]),
      faults: policy('apply_coupon', fault('none')),
    })
    const { record } = twin.call({ tool: 'apply_coupon', args: { order_id: 'o_1' } })
    expect(record).toMatchObject({ changes: [], twinAnswer: { body: { total: 30 } } })
    expect(twin.state()).toEqual(orders())
  })

  it('reports an adapter that throws as ADAPTER_FAILED', () => {
    const broken: TwinAdapter = {
      handle: () => {
        throw new Error('boom')
      },
    }
    const twin = createTwin(document, { adapters: new Map([['coupon', broken]]) })
    expect(() => twin.call({ tool: 'apply_coupon', args: { order_id: 'o_1' } })).toThrow(
      AdapterFailedError,
    )
  })
})
