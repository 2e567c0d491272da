import { afterEach, describe, expect, it } from 'vitest'
import { twinned } from '../../src/in-process/index.ts'
import { createInterception, type Interception } from '../../src/public/msw.ts'
import { createTwin } from '../../src/twin/index.ts'
import { demoCoTwin } from '../support/adapters/demo-co.ts'

let network: Interception | undefined
afterEach(() => {
  network?.dispose()
  network = undefined
})

/** Your own function, as production runs it. */
async function realLookup(args: { order_id: string }) {
  return { order_id: args.order_id, from: 'the real system' }
}
const lookupOrder = twinned(demoCoTwin, 'lookup_order', realLookup)

describe('twinned: your own tool function, answered by the twin while a case runs', () => {
  it('runs your function when no test network is active (production)', async () => {
    expect(await lookupOrder({ order_id: 'ORD-1001' })).toEqual({
      order_id: 'ORD-1001',
      from: 'the real system',
    })
  })

  it("goes to the twin of the case's async context, recorded in-process", async () => {
    network = createInterception()
    const twin = createTwin(demoCoTwin)
    const order = await network.scope([twin], () => lookupOrder({ order_id: 'ORD-1001' }))
    expect(order).toMatchObject({ order_id: 'ORD-1001', customer_name: 'Maya Lindqvist' })
    expect(twin.records()).toMatchObject([{ tool: 'lookup_order', transport: 'in-process' }])
  })

  it('never reaches the real system from a test that serves no such twin', async () => {
    network = createInterception()
    await expect(lookupOrder({ order_id: 'ORD-1001' })).rejects.toMatchObject({
      code: 'AGENTTWIN_NO_TWIN_IN_CONTEXT',
      twin: 'demo-co-support-tools',
    })
  })

  it('refuses a tool the twin does not have, when it is wrapped', () => {
    expect(() => twinned(demoCoTwin, 'refund_everything', realLookup)).toThrow(
      expect.objectContaining({ code: 'AGENTTWIN_UNKNOWN_TOOL' }),
    )
  })
})
