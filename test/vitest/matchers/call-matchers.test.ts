import { beforeAll, describe, expect, it } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { InvalidMatcherArgumentError } from '../../../src/vitest/runtime/matchers/errors.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { demoRun, demoRuns, failureOf, RUNS_TIMEOUT_MS } from './support.ts'

beforeAll(
  () =>
    demoRuns([
      ['refund-happy-path', 'v1.2.4'],
      ['refund-happy-path', 'v1.3.0'],
      ['refund-timeout-after-mutation', 'v1.2.4'],
      ['refund-timeout-after-mutation', 'v1.3.0'],
      ['refund-tool-success-lie', 'v1.2.4'],
      ['refund-tool-success-lie', 'v1.3.0'],
    ]),
  RUNS_TIMEOUT_MS,
)

describe('toHaveCalledTool', () => {
  it('reads the twin records, with args and times', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    expect(good).toHaveCalledTool('refund_payment')
    expect(good).toHaveCalledTool(
      'refund_payment',
      { order_id: 'ORD-1001', amount: 40 },
      { times: 1 },
    )
    expect(good).not.toHaveCalledTool('refund_payment', { amount: 80 })
    expect(good).toHaveCalledTool('lookup_order', undefined, { times: 2 })
  })

  it('fails with what the twin recorded, and actual/expected calls of the tool', async () => {
    const honest = await demoRun('refund-tool-success-lie', 'v1.2.4')
    const never = failureOf(() => expect(honest).toHaveCalledTool('send_customer_email'))
    expect(never.message).toMatchInlineSnapshot(`
      "expect(run).toHaveCalledTool(…)

      Expected refund-tool-success-lie (demo-co-support@1.2.4) to have called send_customer_email(…).
      Evidence (FAIL): send_customer_email was never called. The twin recorded lookup_order #1, get_refund_policy #2, refund_payment #3, lookup_order #4 and handoff_to_human #5."
    `)
    expect(never.actual).toEqual([])
    expect(never.expected).toEqual(['send_customer_email(…)'])

    const twice = await demoRun('refund-timeout-after-mutation', 'v1.3.0')
    const counted = failureOf(() =>
      expect(twice).toHaveCalledTool('refund_payment', { order_id: 'ORD-1001' }, { times: 1 }),
    )
    expect(normaliseText(counted.message)).toMatchInlineSnapshot(`
      "expect(run).toHaveCalledTool(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.3.0) to have called refund_payment(order_id=ORD-1001) exactly 1 time.
      Evidence (FAIL): refund_payment with order_id=ORD-1001 (args subset) was called 2 times (#2 and #3), expected exactly 1."
    `)
    expect(counted.actual).toEqual([
      'refund_payment(amount=40, order_id=ORD-1001)',
      'refund_payment(amount=40, order_id=ORD-1001)',
    ])
    expect(counted.expected).toEqual(['refund_payment(order_id=ORD-1001)'])
  })

  it('under .not, is the notCalledTool expectation with its evidence', async () => {
    const honest = await demoRun('refund-tool-success-lie', 'v1.2.4')
    const liar = await demoRun('refund-tool-success-lie', 'v1.3.0')
    expect(honest).not.toHaveCalledTool('send_customer_email')
    const failure = failureOf(() => expect(liar).not.toHaveCalledTool('send_customer_email'))
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).not.toHaveCalledTool(…)

      Expected refund-tool-success-lie (demo-co-support@1.3.0) not to have called send_customer_email(…).
      Evidence (FAIL): send_customer_email was called (#3, status 202), which this case forbids."
    `)
  })

  it('never passes for a tool the twin does not have, with or without .not', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    const failures = [
      failureOf(() => expect(good).toHaveCalledTool('send_email')),
      failureOf(() => expect(good).not.toHaveCalledTool('send_email')),
    ]
    // The words the scenario loader uses for the same expectation in YAML.
    expect(failures.map((failure) => normaliseText(failure.message))).toMatchInlineSnapshot(`
      [
        "toHaveCalledTool: tool: twin \`demo-co-support-tools\` has no tool \`send_email\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\`.",
        "toHaveCalledTool: tool: twin \`demo-co-support-tools\` has no tool \`send_email\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\`.",
      ]
    `)
  })

  it('refuses arguments the evaluator cannot take', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    expect(() => expect(good).toHaveCalledTool('')).toThrowError(
      'toHaveCalledTool: tool must be a non-empty string, got "". Fix: pass the tool as a string.',
    )
    expect(() =>
      expect(good).toHaveCalledTool('refund_payment', undefined, { times: -1 }),
    ).toThrowError(InvalidMatcherArgumentError)
    expect(() =>
      expect(good).toHaveCalledTool('refund_payment', {}, { argsMode: 'fuzzy' as never }),
    ).toThrowError(/argsMode "fuzzy" is not a mode/)
  })
})

describe('toHaveCalledToolBefore', () => {
  it('is the callOrder expectation', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    const fast = await demoRun('refund-happy-path', 'v1.3.0')
    expect(good).toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
    expect(fast).not.toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
    const failure = failureOf(() =>
      expect(fast).toHaveCalledToolBefore('get_refund_policy', 'refund_payment'),
    )
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toHaveCalledToolBefore(…)

      Expected refund-happy-path (demo-co-support@1.3.0) to call get_refund_policy before refund_payment.
      Evidence (FAIL): refund_payment ran (#2) but get_refund_policy was never called."
    `)
    expect(failure.actual).toEqual(['refund_payment'])
    expect(failure.expected).toEqual(['get_refund_policy', 'refund_payment'])
  })
})

describe('toMatchTrajectory', () => {
  it('is strict by default, and diffs the recorded calls against the steps', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    const fast = await demoRun('refund-happy-path', 'v1.3.0')
    const steps = [
      'lookup_order',
      'get_refund_policy',
      'refund_payment',
      'lookup_order',
      'send_customer_email',
    ]
    expect(good).toMatchTrajectory(steps)
    const failure = failureOf(() => expect(fast).toMatchTrajectory(steps))
    expect(normaliseText(failure.message)).toMatchInlineSnapshot(`
      "expect(run).toMatchTrajectory(…)

      Expected refund-happy-path (demo-co-support@1.3.0) to match the strict trajectory lookup_order → get_refund_policy → refund_payment → lookup_order → send_customer_email.
      Evidence (FAIL): Trajectory (strict) differs: at step 2 expected get_refund_policy(), the twin recorded refund_payment(amount=40, order_id=ORD-1001) #2."
    `)
    expect(failure.actual).toEqual(['lookup_order', 'refund_payment', 'send_customer_email'])
    expect(failure.expected).toEqual(steps)
  })

  it('takes modes and steps with args', async () => {
    const good = await demoRun('refund-happy-path', 'v1.2.4')
    expect(good).toMatchTrajectory(
      [{ tool: 'refund_payment', args: { amount: 40 } }, 'get_refund_policy'],
      { mode: 'superset' },
    )
    expect(good).toMatchTrajectory(
      [
        'send_customer_email',
        'refund_payment',
        'get_refund_policy',
        'lookup_order',
        'lookup_order',
      ],
      { mode: 'unordered' },
    )
    expect(good).not.toMatchTrajectory([{ tool: 'refund_payment', args: { amount: 80 } }], {
      mode: 'superset',
    })
    expect(() =>
      expect(good).toMatchTrajectory(['lookup_order'], { mode: 'loose' as never }),
    ).toThrowError(/mode "loose" is not a trajectory mode/)
  })
})

describe('toHaveRetriedAtMost', () => {
  it('uses the one retry definition', async () => {
    const careful = await demoRun('refund-timeout-after-mutation', 'v1.2.4')
    const blind = await demoRun('refund-timeout-after-mutation', 'v1.3.0')
    expect(careful).toHaveRetriedAtMost('refund_payment', 0)
    expect(blind).not.toHaveRetriedAtMost('refund_payment', 0)
    const failure = failureOf(() => expect(blind).toHaveRetriedAtMost('refund_payment', 0))
    expect(failure.message).toMatchInlineSnapshot(`
      "expect(run).toHaveRetriedAtMost(…)

      Expected refund-timeout-after-mutation (demo-co-support@1.3.0) to retry refund_payment at most 0 times.
      Evidence (FAIL): refund_payment was retried 1 time (#3) in 2 calls, at most 0 allowed."
    `)
    expect(failure.actual).toBe(1)
    expect(failure.expected).toBe(0)
  })
})

describe('toHaveHandedOff', () => {
  it('is the handoff expectation, and under .not its expected: false', async () => {
    const honest = await demoRun('refund-tool-success-lie', 'v1.2.4')
    const liar = await demoRun('refund-tool-success-lie', 'v1.3.0')
    expect(honest).toHaveHandedOff()
    expect(liar).not.toHaveHandedOff()
    const missing = failureOf(() => expect(liar).toHaveHandedOff())
    expect(normaliseText(missing.message)).toMatchInlineSnapshot(`
      "expect(run).toHaveHandedOff(…)

      Expected refund-tool-success-lie (demo-co-support@1.3.0) to hand the case to a human.
      Evidence (FAIL): The case was not handed to a human: handoff_to_human was never called, expected a handoff (the agent says it did not hand off)."
    `)
    expect(missing.actual).toBe(false)
    const unwanted = failureOf(() => expect(honest).not.toHaveHandedOff())
    expect(unwanted.message).toMatchInlineSnapshot(`
      "expect(run).not.toHaveHandedOff(…)

      Expected refund-tool-success-lie (demo-co-support@1.2.4) not to hand the case to a human.
      Evidence (FAIL): The case was handed to a human: handoff_to_human #5 answered 201, expected no handoff (the agent says it did hand off)."
    `)
  })
})
