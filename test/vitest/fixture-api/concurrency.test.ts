import { describe, expect } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { fault } from '../../../src/faults/index.ts'
import { describeScenario } from '../../../src/vitest/runtime/fixtures/describe-scenario.ts'
import { test } from '../../../src/vitest/runtime/fixtures/test.ts'
import { useTwin } from '../../../src/vitest/runtime/fixtures/use-twin.ts'
import { callTool, demoTwinFile, happyScenario, refundAgent, rendezvous } from './support.ts'

const order = (state: Record<string, unknown>) =>
  (state.orders as Record<string, { refund_count: number; refunded_amount: number }>)['ORD-1001']!

describeScenario(
  happyScenario,
  () => {
    // Both agents wait for each other between calls: the two runs overlap call by call.
    const meet = rendezvous()

    test('one run refunds and times out (timeout_after_mutation)', async ({ run }) => {
      const result = await run(refundAgent(40, meet), {
        faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
      })
      expect(result.finished).toBe(true)
      expect(result.records.map((record) => [record.tool, record.status])).toEqual([
        ['lookup_order', 200],
        ['refund_payment', 504],
        ['lookup_order', 200],
      ])
      expect(result.records.map((record) => record.args.amount ?? null)).toEqual([null, 40, null])
      expect(result).toHaveStateAt('orders.ORD-1001.refunded_amount', 40)
      expect(result).toHaveStateAt('orders.ORD-1001.refund_count', 1)
    })

    test('the other fails with a server error that changed nothing', async ({ run }) => {
      const result = await run(refundAgent(30, meet), {
        faults: [fault('server_error').on('refund_payment').at(1)],
      })
      expect(result.finished).toBe(true)
      expect(result.records.map((record) => [record.tool, record.status])).toEqual([
        ['lookup_order', 200],
        ['refund_payment', 500],
        ['lookup_order', 200],
      ])
      expect(result.records[1]?.args.amount).toBe(30)
      expect(result).toHaveStateAt('orders.ORD-1001.refunded_amount', 0)
      expect(result).toHaveNoDuplicateSideEffect('refund_payment')
    })
  },
  { concurrent: true },
)

describeScenario(
  happyScenario,
  () => {
    const meet = rendezvous()
    const refundByHand = async (baseUrl: string, amount: number) => {
      await callTool(baseUrl, 'lookup_order', { order_id: 'ORD-1001' })
      await meet()
      const refund = await callTool(baseUrl, 'refund_payment', { order_id: 'ORD-1001', amount })
      await meet()
      return refund.status
    }

    test('the twin fixture of one concurrent test', async ({ twin }) => {
      twin.addFaults(fault('server_error').on('refund_payment').at(1))
      expect(await refundByHand(twin.baseUrl, 15)).toBe(500)
      expect(twin.records().map((record) => record.tool)).toEqual([
        'lookup_order',
        'refund_payment',
      ])
      expect(order(twin.state()).refunded_amount).toBe(0)
    })

    test('and of the other', async ({ twin }) => {
      expect(await refundByHand(twin.baseUrl, 25)).toBe(200)
      expect(twin.records().map((record) => record.args.amount ?? null)).toEqual([null, 25])
      expect(order(twin.state()).refunded_amount).toBe(25)
    })
  },
  { concurrent: true },
)

describe.concurrent('useTwin in concurrent tests', () => {
  const twin = useTwin(demoTwinFile)
  const meet = rendezvous()

  test('one test adds a fault for its own twin', async () => {
    twin.addFaults(fault('timeout_after_mutation').on('refund_payment').at(1))
    await meet()
    const refund = await callTool(twin.baseUrl, 'refund_payment', {
      order_id: 'ORD-1001',
      amount: 5,
    })
    await meet()
    expect(refund.status).toBe(504)
    expect(twin.records()).toHaveLength(1)
    expect(order(twin.state())).toMatchObject({ refund_count: 1, refunded_amount: 5 })
  })

  test('the other sees none of it', async () => {
    await meet()
    const first = await callTool(twin.baseUrl, 'refund_payment', {
      order_id: 'ORD-1001',
      amount: 7,
    })
    await meet()
    const second = await callTool(twin.baseUrl, 'refund_payment', {
      order_id: 'ORD-1001',
      amount: 7,
    })
    expect([first.status, second.status]).toEqual([200, 200])
    expect(twin.records().map((record) => record.fault ?? null)).toEqual([null, null])
    expect(order(twin.state())).toMatchObject({ refund_count: 2, refunded_amount: 14 })
    expect(twin.caseRun()).not.toHaveNoDuplicateSideEffect('refund_payment')
  })
})
