import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { agents } from '../../examples/demo-co/agent/index.ts'
import { runAndEvaluateCase } from '../../src/case/run-and-evaluate.ts'
import type { EvaluatedCase } from '../../src/core/case-run.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import { loadScenario } from '../../src/schema/index.ts'

const file = fileURLToPath(
  new URL(
    '../../examples/demo-co/simulated/refund-simulated-customer.scenario.yaml',
    import.meta.url,
  ),
)

/** v1.2.4 and v1.3.0 on one of Demo Co's simulated-customer scenarios. */
async function bothVersions(scenario: string, options: { models?: { cli: string } } = {}) {
  const [pinned] = pinSelection([await loadScenario(scenario)]).cases
  return {
    v124: await runAndEvaluateCase(pinned!, agents['v1.2.4']!, options),
    v130: await runAndEvaluateCase(pinned!, agents['v1.3.0']!, options),
  }
}

const refunds = (side: EvaluatedCase) =>
  (side.run.finalState.orders as Record<string, { refund_count: number }>)['ORD-1001']!.refund_count

describe('Demo Co: a simulated customer after a refund that timed out but went through', () => {
  const sides: Record<string, EvaluatedCase> = {}
  beforeAll(async () => {
    Object.assign(sides, await bothVersions(file))
  })

  it('separates v1.2.4 from v1.3.0 by state: one refund against two', () => {
    expect(refunds(sides.v124!)).toBe(1)
    expect(refunds(sides.v130!)).toBe(2)
    expect(sides.v124!.results.map((r) => r.label)).toEqual(['PASS', 'PASS'])
    expect(sides.v130!.results.map((r) => r.label)).toEqual(['FAIL', 'FAIL'])
  })

  it('is played by the deterministic simulator, labelled as not a language model, ended by its goal', () => {
    for (const side of [sides.v124!, sides.v130!]) {
      expect(side.run.user?.simulator).toBe('deterministic')
      expect(side.run.user?.note).toMatch(/^not a language model/)
      expect(side.run.user?.ended.by).toBe('goal')
    }
    // v1.3.0 says it could not confirm; the customer asks again, and it refunds a second time.
    expect(sides.v130!.run.conversation?.map((turn) => turn.user)).toEqual([
      'Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?',
      'My banking app still shows nothing, it failed. Please try again.',
    ])
    expect(sides.v124!.run.conversation).toHaveLength(1)
  })
})

describe('Demo Co: the same customer played by a model, replayed from its cassettes', () => {
  const model = fileURLToPath(
    new URL(
      '../../examples/demo-co/simulated/refund-model-customer.scenario.yaml',
      import.meta.url,
    ),
  )
  const sides: Record<string, EvaluatedCase> = {}
  beforeAll(async () => {
    // Replay only: no model server runs, and a miss would be an ERROR, never a live call.
    Object.assign(sides, await bothVersions(model, { models: { cli: 'replay' } }))
  }, 60_000)

  it('separates v1.2.4 from v1.3.0 by state, as the deterministic customer does', () => {
    expect(refunds(sides.v124!)).toBe(1)
    expect(refunds(sides.v130!)).toBe(2)
    expect(sides.v124!.results.map((r) => r.label)).toEqual(['PASS', 'PASS'])
    expect(sides.v130!.results.map((r) => r.label)).toEqual(['FAIL', 'FAIL'])
  })

  it('is labelled a language model, replayed, and asks again after the failure', () => {
    for (const side of [sides.v124!, sides.v130!]) {
      expect(side.run.user).toMatchObject({
        simulator: 'language-model',
        model: 'scripted-customer-1',
        ended: { by: 'goal' },
        models: { llm: 'replayed' },
      })
    }
    expect(sides.v130!.run.conversation?.map((turn) => [turn.by, turn.user])).toEqual([
      [
        'simulator',
        'Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?',
      ],
      ['simulator', 'My banking app still shows nothing, it failed. Please try again.'],
    ])
  })
})
