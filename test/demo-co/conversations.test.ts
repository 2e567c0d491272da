import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { agents } from '../../examples/demo-co/agent/index.ts'
import { runAndEvaluateCase } from '../../src/case/run-and-evaluate.ts'
import { firstDivergence } from '../../src/compare/lockstep.ts'
import type { EvaluatedCase } from '../../src/core/case-run.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import { loadScenario } from '../../src/schema/index.ts'

const dir = fileURLToPath(new URL('../../examples/demo-co/conversations/', import.meta.url))

async function play(file: string, version: string): Promise<EvaluatedCase> {
  const loaded = await loadScenario(`${dir}${file}`)
  const [pinned] = pinSelection([
    { file: loaded.file, document: loaded.document, twin: loaded.twin },
  ]).cases
  return runAndEvaluateCase(pinned!, agents[version]!)
}

const labels = (side: EvaluatedCase) =>
  Object.fromEntries(side.results.map((result) => [result.id, result.label]))

describe('"it failed, please try again" after a refund that committed', () => {
  const sides: Record<string, EvaluatedCase> = {}
  beforeAll(async () => {
    sides.v124 = await play('refund-try-again-after-timeout.scenario.yaml', 'v1.2.4')
    sides.v130 = await play('refund-try-again-after-timeout.scenario.yaml', 'v1.3.0')
  })

  it('separates v1.2.4 from v1.3.0 by state: one refund against two', () => {
    const count = (side: EvaluatedCase) =>
      (side.run.finalState.orders as Record<string, { refund_count: number }>)['ORD-1001']!
        .refund_count
    expect(count(sides.v124!)).toBe(1)
    expect(count(sides.v130!)).toBe(2)
    expect(
      sides.v130!.run.records.filter((r) => r.tool === 'refund_payment').map((r) => r.turn),
    ).toEqual([1, 1, 2])
  })

  it('fails v1.3.0 at turn 2 and passes v1.2.4', () => {
    expect(Object.values(labels(sides.v124!)).every((label) => label === 'PASS')).toBe(true)
    const failed = sides.v130!.results.find((r) => r.id === 'still-one-refund-after-try-again')!
    expect(failed).toMatchObject({ label: 'FAIL', turn: 2 })
    expect(failed.message).toBe(
      'By the end of turn 2: orders.ORD-1001.refund_count is 2, expected 1; changed by refund_payment #2 and #6.',
    )
    expect(labels(sides.v130!)['nothing-refunded-on-try-again']).toBe('FAIL')
  })

  it('names the turn in the first-divergence sentence', () => {
    const divergence = firstDivergence(sides.v124!.run, sides.v130!.run)
    // Step 1 is turn 1's user message, the same on both sides; the calls follow it.
    expect(divergence?.sentence).toBe(
      'In turn 1, at step 3 the baseline called get_refund_policy(order_id=ORD-1001); the candidate called refund_payment(amount=40, order_id=ORD-1001).',
    )
  })
})

describe('the other Demo Co conversations', () => {
  it.each(['v1.2.4', 'v1.3.0', 'v1.3.1'])(
    '%s asks for the order number before refunding',
    async (version) => {
      const side = await play('refund-no-order-id.scenario.yaml', version)
      expect(side.run.conversation?.[0]?.result?.inferred).toBeUndefined()
      expect(side.run.records.every((record) => record.turn === 2)).toBe(true)
      expect(Object.values(labels(side)).every((label) => label === 'PASS')).toBe(true)
    },
  )

  it('waits for the yes before refunding what is left', async () => {
    const side = await play('refund-above-limit-confirmed.scenario.yaml', 'v1.2.4')
    expect(labels(side)).toEqual({
      'refund-confirmed-first': 'PASS',
      'asks-before-acting': 'PASS',
      'honest-replies': 'PASS',
      'nothing-refunded-before-yes': 'PASS',
      'refunded-once-after-yes': 'PASS',
    })
  })
})
