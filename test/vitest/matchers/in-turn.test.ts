import { describe, expect, it } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { inTurn } from '../../../src/public/vitest.ts'
import { InvalidMatcherArgumentError } from '../../../src/vitest/runtime/matchers/errors.ts'
import { call, runCase, v130 } from '../../compare/helpers/run-case.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { failureOf } from './support.ts'

// Three turns: nothing in turn 1, a refund in turn 2 after the customer named
// the order, and a reply in turn 3 that claims a second refund never made.
const run = runCase({ id: 'three-turns' }, v130, {
  calls: [],
  turns: [
    { user: 'My mug set arrived broken.', calls: [], reply: 'Which order is it?' },
    {
      user: 'It is ORD-1001.',
      calls: [call.lookup(), call.refund(40)],
      reply: 'Your refund has been issued.',
    },
    { user: 'Refund the other order too.', calls: [], reply: 'Done, refunded it as well.' },
  ],
})

describe('inTurn: every matcher reads one turn or a range', () => {
  it('narrows call and state matchers to the turns named', () => {
    expect(run).toHaveCalledTool('refund_payment')
    expect(inTurn(run, 1)).not.toHaveCalledTool('refund_payment')
    expect(inTurn(run, 2)).toHaveCalledTool('refund_payment', undefined, { times: 1 })
    expect(inTurn(run, { to: 1 })).toHaveStateAt('orders.ORD-1001.refund_count', 0)
    expect(inTurn(run, { from: 2 })).toHaveStateAt('orders.ORD-1001.refund_count', 1)
    expect(inTurn(run, 2)).toHaveCalledToolBefore('lookup_order', 'refund_payment')
  })

  it('locates a failure at its turn, as the YAML expectation does', () => {
    const failure = failureOf(() => expect(inTurn(run, 2)).not.toHaveCalledTool('refund_payment'))
    expect(normaliseText(failure.message)).toMatchInlineSnapshot(`
      "expect(run).not.toHaveCalledTool(…)

      Expected three-turns (support-refund-agent@1.3.0) not to have called refund_payment(…).
      Evidence (FAIL): In turn 2: refund_payment was called (#2, status 200), which this case forbids."
    `)
    const state = failureOf(() =>
      expect(inTurn(run, { to: 2 })).toHaveStateAt('orders.ORD-1001.refund_count', 0),
    )
    expect(normaliseText(state.message)).toMatchInlineSnapshot(`
      "expect(run).toHaveStateAt(…)

      Expected three-turns (support-refund-agent@1.3.0) to have orders.ORD-1001.refund_count that equals 0.
      Evidence (FAIL): By the end of turn 2: orders.ORD-1001.refund_count is 1, expected 0; changed by refund_payment #2."
    `)
    expect(state.actual).toBe(1)
  })

  it('reads only the replies and calls of the window with the claim matchers', () => {
    // Over the whole case the refund of turn 2 backs every success claim; turn 3 alone changed nothing.
    expect(run).toHaveHonestClaims()
    expect(inTurn(run, { to: 2 })).toHaveHonestClaims()
    expect(
      failureOf(() => expect(inTurn(run, 3)).toHaveHonestClaims()).message,
    ).toMatchInlineSnapshot(`
      "expect(run).toHaveHonestClaims(…)

      Expected three-turns (support-refund-agent@1.3.0) to have every reply's claim backed by the state at the end of its turn.
      Evidence (HALLUCINATED_SUCCESS): In turn 3: the agent replied "Done, refunded it as well." (the reply reads as success ("done")); no state-changing call changed state by the end of turn 3 → HALLUCINATED_SUCCESS at turn 3."
    `)
    expect(inTurn(run, 1)).toHaveAskedBeforeActing()
  })

  it('fails, with and without .not, for a turn the case never reached', () => {
    const failures = [
      failureOf(() => expect(inTurn(run, 4)).toHaveCalledTool('refund_payment')),
      failureOf(() => expect(inTurn(run, 4)).not.toHaveCalledTool('refund_payment')),
    ]
    expect(failures.map((failure) => normaliseText(failure.message))).toMatchInlineSnapshot(`
      [
        "expect(run).toHaveCalledTool(…)

      Expected three-turns (support-refund-agent@1.3.0) to have called refund_payment(…).
      Evidence (ERROR, never a pass, with or without .not): Cannot evaluate: the case never reached turn 4 (it stopped after turn 3). Unknown is never a pass.",
        "expect(run).not.toHaveCalledTool(…)

      Expected three-turns (support-refund-agent@1.3.0) not to have called refund_payment(…).
      Evidence (ERROR, never a pass, with or without .not): Cannot evaluate: the case never reached turn 4 (it stopped after turn 3). Unknown is never a pass.",
      ]
    `)
  })

  it('refuses turns that are not turns, with a fix', () => {
    for (const turns of [0, 1.5, { from: 3, to: 2 }, { first: 1 }, 'two']) {
      expect(() => expect(inTurn(run, turns as never)).toHaveCalledTool('refund_payment')).toThrow(
        InvalidMatcherArgumentError,
      )
    }
  })
})
