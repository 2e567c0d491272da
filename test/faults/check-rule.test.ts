import { describe, expect, it } from 'vitest'
import type { FaultRuleDocument } from '../../src/core/fault-model.ts'
import { checkFaultRule } from '../../src/faults/check-rule.ts'

const tools = ['refund_payment', 'get_order', 'send_email']

function check(rule: Partial<FaultRuleDocument> & Record<string, unknown>) {
  return checkFaultRule(
    { id: 'r1', tool: 'refund_payment', fault: 'server_error', ...rule } as FaultRuleDocument,
    tools,
  )
}

function paths(rule: Partial<FaultRuleDocument> & Record<string, unknown>) {
  return check(rule).map((problem) => problem.path)
}

describe('checkFaultRule', () => {
  it('accepts a valid rule with every condition', () => {
    expect(
      check({
        fault: 'rate_limited',
        when: {
          call: 2,
          calls: [1, 3],
          every: 2,
          from: 1,
          maxTimes: 1,
          args: { a: 1 },
          probability: 0.5,
        },
        params: { retryAfterSeconds: 10 },
      }),
    ).toEqual([])
    expect(check({ when: { probability: 0 } })).toEqual([])
    expect(check({ when: { probability: 1 } })).toEqual([])
  })

  it('names an unknown fault type, suggests the closest and where to see them all', () => {
    expect(check({ fault: 'timeout_after_mutaton' })).toEqual([
      {
        path: 'fault',
        message: 'unknown fault type "timeout_after_mutaton"',
        fix: 'did you mean "timeout_after_mutation"? run `npx agenttwin faults` to see every fault type',
      },
    ])
    const [far] = check({ fault: 'explode' })
    expect(far).toMatchInlineSnapshot(`
      {
        "fix": "run \`npx agenttwin faults\` to see every fault type",
        "message": "unknown fault type "explode"",
        "path": "fault",
      }
    `)
  })

  it("names a tool the twin lacks, with the closest and the twin's tools", () => {
    const [problem] = check({ tool: 'refund_paymnt' })
    expect(problem).toMatchInlineSnapshot(`
      {
        "fix": "did you mean "refund_payment"? The twin's tools: refund_payment, get_order, send_email",
        "message": "the twin has no tool "refund_paymnt"",
        "path": "tool",
      }
    `)
  })

  it('rejects probabilities outside [0, 1]', () => {
    const [problem] = check({ when: { probability: 50 } })
    expect(problem).toMatchInlineSnapshot(`
      {
        "fix": "write a rate such as 0.2 (20% of the calls); 50% is 0.5, not 50",
        "message": "probability must be a number from 0 to 1, got 50",
        "path": "when.probability",
      }
    `)
    expect(paths({ when: { probability: -0.1 } })).toEqual(['when.probability'])
    expect(paths({ when: { probability: '0.5' as unknown as number } })).toEqual([
      'when.probability',
    ])
  })

  it('rejects call numbers below 1 or not whole', () => {
    expect(paths({ when: { call: 0 } })).toEqual(['when.call'])
    expect(paths({ when: { call: 1.5 } })).toEqual(['when.call'])
    expect(paths({ when: { calls: [1, 0, 2.5] } })).toEqual(['when.calls[1]', 'when.calls[2]'])
    expect(paths({ when: { calls: [] } })).toEqual(['when.calls'])
  })

  it('rejects every, from and maxTimes below 1', () => {
    expect(paths({ when: { every: 0, from: -1, maxTimes: 0 } })).toEqual([
      'when.every',
      'when.from',
      'when.maxTimes',
    ])
    expect(check({ when: { maxTimes: 0 } })[0]?.message).toBe(
      'maxTimes must be a whole number of at least 1, got 0',
    )
  })

  it('catches a misspelt condition instead of faulting every call', () => {
    const [problem] = check({ when: { cal: 2 } as never })
    expect(problem).toMatchInlineSnapshot(`
      {
        "fix": "did you mean "call"? Allowed: turn, call, calls, every, from, maxTimes, args, probability",
        "message": "unknown field "cal"",
        "path": "when.cal",
      }
    `)
  })

  it('names the allowed params when one is unknown', () => {
    expect(check({ fault: 'rate_limited', params: { retryAfter: 5 } })).toEqual([
      {
        path: 'params.retryAfter',
        message: 'rate_limited has no parameter "retryAfter"',
        fix: 'did you mean "retryAfterSeconds"? rate_limited takes: retryAfterSeconds',
      },
    ])
    expect(check({ fault: 'auth_expired', params: { status: 403 } })[0]?.fix).toBe(
      'auth_expired takes no parameters; remove it',
    )
  })

  it('rejects params of the wrong type, value or range', () => {
    expect(check({ fault: 'rate_limited', params: { retryAfterSeconds: '5' } })[0]).toMatchObject({
      path: 'params.retryAfterSeconds',
      message: 'retryAfterSeconds must be an integer, got "5"',
    })
    expect(check({ params: { status: 504 } })[0]).toMatchObject({
      path: 'params.status',
      fix: 'use one of: 500, 502, 503',
    })
    expect(paths({ fault: 'slow_success', params: { delayMs: -1 } })).toEqual(['params.delayMs'])
    expect(paths({ fault: 'timeout_after_mutation', params: { hang: 'yes' } })).toEqual([
      'params.hang',
    ])
    expect(
      paths({ fault: 'schema_drift', params: { drop: ['a', 2], rename: { b: true } } }),
    ).toEqual(['params.drop[1]', 'params.rename.b'])
  })

  it('checks the rule itself: id, unknown fields, shape', () => {
    expect(paths({ id: '' })).toEqual(['id'])
    expect(paths({ faults: 'x' })).toEqual(['faults'])
    expect(checkFaultRule(null as unknown as FaultRuleDocument, tools)[0]?.path).toBe('')
    expect(paths({ when: 3 as never })).toEqual(['when'])
    expect(paths({ params: [] as never })).toEqual(['params'])
  })

  it('reports every problem at once', () => {
    expect(paths({ fault: 'nope', tool: 'nope', when: { call: 0 } })).toEqual([
      'fault',
      'tool',
      'when.call',
    ])
  })
})
