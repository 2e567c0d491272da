import { describe, expect, it } from 'vitest'
import type { FaultPolicy, FaultRuleDocument } from '../../src/core/fault-model.ts'
import type { JsonObject } from '../../src/core/json.ts'
import { fault } from '../../src/faults/builder.ts'
import { InvalidFaultRuleError, UnknownFaultTypeError } from '../../src/faults/errors.ts'
import { createFaultPolicy } from '../../src/faults/rules.ts'
import { normaliseText } from '../support/normalise-text.ts'

/** Which of the first `n` calls of `tool` fault, calling the policy in order. */
function faulted(policy: FaultPolicy, tool: string, n: number, args: JsonObject = {}): number[] {
  const hits: number[] = []
  for (let callNumber = 1; callNumber <= n; callNumber++) {
    if (policy.decide({ tool, callNumber, args })) hits.push(callNumber)
  }
  return hits
}

function rule(when: FaultRuleDocument['when'], extra: Partial<FaultRuleDocument> = {}) {
  return { id: 'r', tool: 'pay', fault: 'server_error', when, ...extra }
}

function policyOf(...rules: FaultRuleDocument[]) {
  return createFaultPolicy(rules, { seed: 0 })
}

describe('createFaultPolicy conditions', () => {
  it('without a condition, faults every call of its tool and no other tool', () => {
    const policy = policyOf(rule(undefined))
    expect(faulted(policy, 'pay', 4)).toEqual([1, 2, 3, 4])
    expect(faulted(policy, 'lookup', 4)).toEqual([])
  })

  it('call, calls, every, from', () => {
    expect(faulted(policyOf(rule({ call: 3 })), 'pay', 6)).toEqual([3])
    expect(faulted(policyOf(rule({ calls: [2, 5] })), 'pay', 6)).toEqual([2, 5])
    expect(faulted(policyOf(rule({ every: 2 })), 'pay', 7)).toEqual([2, 4, 6])
    expect(faulted(policyOf(rule({ from: 4 })), 'pay', 6)).toEqual([4, 5, 6])
  })

  it('combines conditions with AND', () => {
    expect(faulted(policyOf(rule({ every: 2, from: 3 })), 'pay', 8)).toEqual([4, 6, 8])
    expect(faulted(policyOf(rule({ calls: [1, 2, 3], every: 3 })), 'pay', 6)).toEqual([3])
  })

  it('maxTimes caps the fires of the rule within one policy', () => {
    expect(faulted(policyOf(rule({ from: 2, maxTimes: 2 })), 'pay', 6)).toEqual([2, 3])
  })

  it('maxTimes counts per policy: a new policy (a new case) starts over', () => {
    const rules = [rule({ maxTimes: 1 })]
    expect(faulted(createFaultPolicy(rules, { seed: 0 }), 'pay', 3)).toEqual([1])
    expect(faulted(createFaultPolicy(rules, { seed: 0 }), 'pay', 3)).toEqual([1])
  })

  it('args matches the given keys by deep equality and ignores the others', () => {
    const policy = policyOf(
      rule({ args: { order_id: 'ORD-1', meta: { tags: ['a', 'b'], vip: true } } }),
    )
    const decide = (args: JsonObject) => policy.decide({ tool: 'pay', callNumber: 1, args })
    expect(
      decide({ order_id: 'ORD-1', meta: { vip: true, tags: ['a', 'b'] }, amount: 5 }),
    ).toBeDefined()
    expect(decide({ order_id: 'ORD-2', meta: { vip: true, tags: ['a', 'b'] } })).toBeUndefined()
    expect(decide({ order_id: 'ORD-1', meta: { vip: true, tags: ['b', 'a'] } })).toBeUndefined()
    expect(
      decide({ order_id: 'ORD-1', meta: { vip: true, tags: ['a', 'b'], extra: 1 } }),
    ).toBeUndefined()
    expect(decide({ order_id: 'ORD-1' })).toBeUndefined()
  })

  it('probability fires on about that share of calls, the same calls for the same seed', () => {
    const rules = [rule({ probability: 0.3 })]
    const first = faulted(createFaultPolicy(rules, { seed: 11 }), 'pay', 1000)
    expect(faulted(createFaultPolicy(rules, { seed: 11 }), 'pay', 1000)).toEqual(first)
    expect(first.length).toBeGreaterThan(250)
    expect(first.length).toBeLessThan(350)
    expect(faulted(createFaultPolicy(rules, { seed: 12 }), 'pay', 1000)).not.toEqual(first)
    expect(faulted(policyOf(rule({ probability: 0 })), 'pay', 50)).toEqual([])
    expect(faulted(policyOf(rule({ probability: 1 })), 'pay', 50)).toHaveLength(50)
  })

  it('tries rules in order; the first that fires wins', () => {
    const policy = policyOf(
      rule({ call: 2 }, { id: 'first', fault: 'rate_limited' }),
      rule({ from: 1, maxTimes: 2 }, { id: 'second', fault: 'server_error' }),
    )
    const fired = [1, 2, 3, 4].map(
      (callNumber) => policy.decide({ tool: 'pay', callNumber, args: {} })?.ruleId,
    )
    expect(fired).toEqual(['second', 'first', 'second', undefined])
  })
})

describe('active faults', () => {
  it('resolve the catalog entry and fill in defaults under the given params', () => {
    const policy = policyOf(
      rule(undefined, { fault: 'inconsistent_state', params: { status: 503 } }),
    )
    const active = policy.decide({ tool: 'pay', callNumber: 1, args: {} })
    expect(active?.ruleId).toBe('r')
    expect(active?.fault.type).toBe('inconsistent_state')
    expect(active?.fault.dependency.effect).toBe('partial')
    expect(active?.params).toEqual({ reportSuccess: false, status: 503 })
  })

  it('hand out params a caller cannot use to change later decisions', () => {
    const policy = policyOf(rule(undefined, { fault: 'rate_limited' }))
    const first = policy.decide({ tool: 'pay', callNumber: 1, args: {} })!
    first.params.retryAfterSeconds = 99
    expect(policy.decide({ tool: 'pay', callNumber: 2, args: {} })?.params).toEqual({
      retryAfterSeconds: 2,
    })
  })
})

describe('rule errors', () => {
  it('an unknown fault type throws UnknownFaultTypeError with the fix', () => {
    const attempt = () => policyOf(rule(undefined, { id: 'flaky', fault: 'rate_limitd' }))
    expect(attempt).toThrow(UnknownFaultTypeError)
    expect(attempt).toThrow(/fault rule "flaky" at fault: unknown fault type "rate_limitd"/)
    expect(attempt).toThrow(/did you mean "rate_limited"\? run `npx agenttwin faults`/)
    try {
      attempt()
    } catch (error) {
      expect((error as UnknownFaultTypeError).code).toBe('AGENTTWIN_UNKNOWN_FAULT_TYPE')
    }
  })

  it('any other problem throws InvalidFaultRuleError listing every problem', () => {
    let caught: unknown
    try {
      policyOf(rule({ call: 0, probability: 2 }))
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(InvalidFaultRuleError)
    const error = caught as InvalidFaultRuleError
    expect(error.code).toBe('AGENTTWIN_INVALID_FAULT_RULE')
    expect(error.problems.map((problem) => problem.path)).toEqual(['when.call', 'when.probability'])
    expect(normaliseText(error.message)).toMatchInlineSnapshot(`
      "<repo>/test/faults/rules.test.ts:23:10 fault rule "r" at when.call: call must be a whole number of at least 1, got 0. Fix: call numbers count from 1 (the first call of the tool is 1)
      <repo>/test/faults/rules.test.ts:23:10 fault rule "r" at when.probability: probability must be a number from 0 to 1, got 2. Fix: write a rate such as 0.2 (20% of the calls); 50% is 0.5, not 50"
    `)
  })

  it('checks tools only when the twin tool names are given', () => {
    expect(() => createFaultPolicy([rule(undefined)], { seed: 0 })).not.toThrow()
    expect(() =>
      createFaultPolicy([rule(undefined)], { seed: 0, toolNames: ['refund_payment'] }),
    ).toThrow(/the twin has no tool "pay"/)
  })

  it('rejects two rules with one id', () => {
    expect(() => policyOf(rule({ call: 1 }), rule({ call: 2 }))).toThrow(
      /two fault rules share the id "r"/,
    )
  })
})

describe('fault() builder', () => {
  it('builds a document-shaped rule', () => {
    expect(fault('timeout_after_mutation').on('refund_payment').at(1).build()).toEqual({
      id: 'timeout_after_mutation@refund_payment',
      tool: 'refund_payment',
      fault: 'timeout_after_mutation',
      when: { call: 1 },
    })
    expect(
      fault('rate_limited')
        .on('search')
        .at(1, 3)
        .every(1)
        .from(1)
        .times(2)
        .withArgs({ q: 'x' })
        .withProbability(0.5)
        .with({ retryAfterSeconds: 5 })
        .id('busy-search')
        .build(),
    ).toEqual({
      id: 'busy-search',
      tool: 'search',
      fault: 'rate_limited',
      when: { calls: [1, 3], every: 1, from: 1, maxTimes: 2, args: { q: 'x' }, probability: 0.5 },
      params: { retryAfterSeconds: 5 },
    })
  })

  it('is immutable: refining a base rule leaves the base alone', () => {
    const base = fault('server_error').on('pay')
    base.at(2)
    expect(base.build()).toEqual({ id: 'server_error@pay', tool: 'pay', fault: 'server_error' })
    expect(base.at(1).at(4).build().when).toEqual({ call: 4 })
  })

  it('feeds createFaultPolicy next to plain rules', () => {
    const policy = createFaultPolicy(
      [
        fault('timeout_after_mutation').on('refund_payment').at(1),
        { id: 'slow', tool: 'get_order', fault: 'slow_success' },
      ],
      { seed: 0 },
    )
    expect(policy.decide({ tool: 'refund_payment', callNumber: 1, args: {} })?.fault.type).toBe(
      'timeout_after_mutation',
    )
    expect(policy.decide({ tool: 'refund_payment', callNumber: 2, args: {} })).toBeUndefined()
    expect(policy.decide({ tool: 'get_order', callNumber: 9, args: {} })?.params).toEqual({
      delayMs: 2000,
    })
  })

  it('types fault names from the catalog', () => {
    // @ts-expect-error: not a fault type in the catalog
    expect(() => fault('explode')).not.toThrow()
  })
})
