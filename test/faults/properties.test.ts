import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FaultRuleDocument } from '../../src/core/fault-model.ts'
import { createFaultPolicy } from '../../src/faults/rules.ts'

const TOOLS = ['get_order', 'refund_payment', 'send_email']

const conditionArb = fc.record(
  {
    call: fc.integer({ min: 1, max: 6 }),
    every: fc.integer({ min: 1, max: 3 }),
    from: fc.integer({ min: 1, max: 4 }),
    maxTimes: fc.integer({ min: 1, max: 3 }),
    probability: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  { requiredKeys: [] },
)

const rulesArb = fc
  .array(fc.record({ tool: fc.constantFrom(...TOOLS), when: conditionArb }), { maxLength: 5 })
  .map((rules) =>
    rules.map(
      (rule, index): FaultRuleDocument => ({ id: `rule-${index}`, fault: 'server_error', ...rule }),
    ),
  )

/** A call sequence: a list of tool names; each tool's calls are numbered in order of arrival. */
const callsArb = fc.array(fc.constantFrom(...TOOLS), { maxLength: 30 })

function faultedCalls(rules: FaultRuleDocument[], seed: number, calls: string[]): string[] {
  const policy = createFaultPolicy(rules, { seed })
  const counts = new Map<string, number>()
  const hits: string[] = []
  for (const tool of calls) {
    const callNumber = (counts.get(tool) ?? 0) + 1
    counts.set(tool, callNumber)
    const active = policy.decide({ tool, callNumber, args: {} })
    if (active) hits.push(`${tool}#${callNumber} ${active.ruleId}`)
  }
  return hits.sort()
}

describe('fault decisions (properties)', () => {
  it('the faulted (tool, call number) set does not depend on how tools interleave', () => {
    fc.assert(
      fc.property(
        rulesArb,
        fc.integer(),
        callsArb,
        fc.integer(),
        (rules, seed, calls, shuffleSeed) => {
          // Another interleaving: the same per-tool call counts, tools in a shuffled order.
          const shuffled = fc.sample(fc.shuffledSubarray(calls, { minLength: calls.length }), {
            seed: shuffleSeed,
            numRuns: 1,
          })[0]!
          expect(faultedCalls(rules, seed, shuffled)).toEqual(faultedCalls(rules, seed, calls))
        },
      ),
    )
  })

  it('raising a rate only adds faults: every call faulted at p1 is faulted at p2 > p1', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        fc.string({ minLength: 1 }),
        fc.constantFrom(...TOOLS),
        (a, b, seed, id, tool) => {
          const [low, high] = a < b ? [a, b] : [b, a]
          const at = (probability: number) => {
            const policy = createFaultPolicy(
              [{ id, tool, fault: 'rate_limited', when: { probability } }],
              {
                seed,
              },
            )
            return Array.from({ length: 60 }, (_, i) => i + 1).filter((callNumber) =>
              policy.decide({ tool, callNumber, args: {} }),
            )
          }
          const lowHits = at(low)
          const highHits = new Set(at(high))
          for (const callNumber of lowHits) expect(highHits.has(callNumber)).toBe(true)
        },
      ),
    )
  })
})
