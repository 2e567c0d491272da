import { describe, expect, it } from 'vitest'
import { type DivergenceKind, firstDivergence } from '../../src/compare/lockstep.ts'
import type { FaultRuleDocument } from '../../src/core/fault-model.ts'
import { call, runCase, type Script, type TestScenario, v124, v130 } from './helpers/run-case.ts'

// One example per way a divergence sentence can be worded, each run through the
// real twin and the lockstep walk: the words must state only what the records
// show. The type below needs an entry for every DivergenceKind, so a new kind
// cannot be added without its sentences being tested here.
interface Example {
  name: string
  baseline: Script
  candidate: Script
  scenario?: TestScenario
  step: number
  sentence: string
  detail: string
}

function faultOnKey(fault: string, key: string): TestScenario {
  const rule: FaultRuleDocument = {
    id: `${fault}-on-${key}`,
    tool: 'refund_payment',
    when: { args: { idempotency_key: key } },
    fault,
  }
  return { id: `${fault}-by-key`, faults: [rule] }
}

const CHANGED_BY_REFUND =
  'orders.ORD-1001.refunded_amount from 0 to 40, orders.ORD-1001.refund_count from 0 to 1 and orders.ORD-1001.refundable_amount from 128 to 88'

// A conversation both sides open alike: the customer reports the problem first.
const OPENING = {
  user: 'Hi, I need help with a refund.',
  calls: [],
  reply: 'Of course. What went wrong?',
}
const BROKEN = 'My mug set arrived broken, please refund 40 USD.'

const EXAMPLES: Record<DivergenceKind, Example[]> = {
  'turn-ended': [
    {
      name: 'the baseline asks for the order number; the candidate refunds in the same turn',
      baseline: {
        calls: [],
        turns: [
          OPENING,
          { user: BROKEN, calls: [], reply: 'Which order is it? Please give me the order number.' },
          {
            user: 'It is ORD-1001.',
            calls: [call.lookup(), call.refund(40)],
            reply: 'Refunded 40 USD.',
            outcome: 'SUCCESS',
          },
        ],
      },
      candidate: {
        calls: [],
        turns: [
          OPENING,
          { user: BROKEN, calls: [call.refund(40)], reply: 'Could you confirm the order number?' },
          { user: 'It is ORD-1001.', calls: [], reply: 'Thanks!', outcome: 'SUCCESS' },
        ],
      },
      step: 3,
      sentence:
        'In turn 2, at step 3 the baseline asked the user "Which order is it? Please give me the order number."; the candidate called refund_payment(amount=40, order_id=ORD-1001).',
      detail:
        'The baseline ended turn 2 without a tool call and waited for the user\'s answer; the candidate went on in the same turn and called the irreversible refund_payment. The candidate\'s own reply in that turn then asked the user "Could you confirm the order number?".',
    },
  ],
  user: [
    {
      name: 'the user says something else to each side in the same turn',
      baseline: {
        calls: [],
        turns: [OPENING, { user: BROKEN, calls: [], reply: 'Which order is it?' }],
      },
      candidate: {
        calls: [],
        turns: [
          OPENING,
          { user: 'Never mind, it is fine now.', calls: [], reply: 'Glad to hear it.' },
        ],
      },
      step: 2,
      sentence:
        'In turn 2, at step 2 the user said "My mug set arrived broken, please refund 40 USD." to the baseline and "Never mind, it is fine now." to the candidate.',
      detail:
        'Every step before this one matched. From turn 2 the two sides heard different user messages, so a later difference may come from the user, not only from the agent.',
    },
  ],
  'stopped-earlier': [
    {
      name: "the baseline's conversation stops in turn 2; the candidate's goes on to turn 3",
      baseline: {
        calls: [],
        turns: [OPENING, { user: BROKEN, calls: [call.lookup()], reply: '' }],
        error: { kind: 'threw', message: 'In turn 2: agent threw Error: boom' },
      },
      candidate: {
        calls: [],
        turns: [
          OPENING,
          { user: BROKEN, calls: [call.lookup()], reply: 'Which order is it?' },
          { user: 'ORD-1001.', calls: [], reply: 'Thanks.', outcome: 'PARTIAL' },
        ],
      },
      step: 4,
      sentence:
        'In turn 2, at step 4 the baseline made no further tool call and did not finish (threw); the candidate asked the user "Which order is it?", and the conversation went on to turn 3.',
      detail:
        "The baseline's conversation stopped after turn 2 without finishing (threw: In turn 2: agent threw Error: boom); the candidate's went on to turn 3, 3 turns in all.",
    },
    {
      name: 'the baseline stops while the candidate goes on',
      baseline: { calls: [call.lookup(), call.refund(40)] },
      candidate: { calls: [call.lookup(), call.refund(40), call.refund(40)] },
      step: 3,
      sentence:
        'At step 3 the baseline made no further tool call and reported SUCCESS; the candidate called refund_payment(amount=40, order_id=ORD-1001).',
      detail:
        'The candidate went on and called the irreversible refund_payment, making 3 tool calls in all; the baseline made 2.',
    },
  ],
  outcome: [
    {
      name: 'neither side called a tool',
      baseline: { calls: [], outcome: 'FAILURE' },
      candidate: { calls: [], outcome: 'SUCCESS' },
      step: 1,
      sentence:
        'At step 1 both sides stopped calling tools; the baseline reported FAILURE and the candidate reported SUCCESS.',
      detail: 'Neither side called a tool; only the reported outcome differs.',
    },
    {
      name: 'the baseline did not finish after the same calls',
      baseline: {
        calls: [call.lookup(), call.policy()],
        error: { kind: 'model-cassette', message: 'request 1 is not in the cassette' },
      },
      candidate: { calls: [call.lookup(), call.policy()], outcome: 'PARTIAL' },
      step: 3,
      sentence:
        'At step 3 both sides stopped calling tools; the baseline did not finish (model-cassette) and the candidate reported PARTIAL.',
      detail:
        'All 2 tool calls matched on both sides. The baseline did not finish: model-cassette (request 1 is not in the cassette).',
    },
  ],
  policy: [
    {
      name: 'each side hit a different policy decision',
      baseline: { calls: [call.lookup(), call.handoff('needs a human')], outcome: 'PARTIAL' },
      candidate: { calls: [call.lookup(), call.refund(500)] },
      step: 2,
      sentence:
        'At step 2 the baseline called handoff_to_human(order_id=ORD-1001, reason=needs a human); the candidate called refund_payment(amount=500, order_id=ORD-1001).',
      detail:
        "The baseline handed the case to a human via handoff_to_human; the candidate had its refund_payment call rejected by the twin's own rules with 409.",
    },
  ],
  tool: [
    {
      name: 'a write where the other side read, with the check made before',
      baseline: { calls: [call.lookup(), call.lookup()] },
      candidate: { calls: [call.lookup(), call.note('refund promised')] },
      step: 2,
      sentence:
        'At step 2 the baseline called lookup_order(order_id=ORD-1001); the candidate called add_order_note(note=refund promised, order_id=ORD-1001).',
      detail:
        'The candidate called the reversible add_order_note at this point, where the baseline called lookup_order again.',
    },
  ],
  arguments: [
    {
      name: 'an argument only one side gave',
      baseline: { calls: [call.email('Refund done')] },
      candidate: {
        calls: [
          {
            tool: 'send_customer_email',
            args: { to: 'other@example.com', subject: 'Refund done' },
          },
        ],
      },
      step: 1,
      sentence:
        'At step 1 the baseline called send_customer_email(subject=Refund done, to=maya@example.com); the candidate called send_customer_email(subject=Refund done, to=other@example.com).',
      detail:
        'Both sides sent an outbound message via send_customer_email with different arguments: to was maya@example.com on the baseline and other@example.com on the candidate.',
    },
  ],
  result: [
    {
      name: 'a server error that changed nothing against a call that changed the state',
      scenario: faultOnKey('server_error', 'refund-key-A'),
      baseline: { calls: [call.refund(40, 'refund-key-A')] },
      candidate: { calls: [call.refund(40, 'refund-key-B')] },
      step: 1,
      sentence:
        'At step 1 the baseline called refund_payment(amount=40, idempotency_key=refund-key-A, order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-key-B, order_id=ORD-1001).',
      detail: `On the baseline the call changed nothing; on the candidate the call changed ${CHANGED_BY_REFUND}. On the baseline, fault server_error was injected: the dependency did nothing and the caller saw 500.`,
    },
    {
      name: 'an effect deferred and never committed',
      scenario: faultOnKey('accepted_not_committed', 'refund-key-A'),
      baseline: { calls: [call.refund(40, 'refund-key-A')] },
      candidate: { calls: [call.refund(40, 'refund-key-B')] },
      step: 1,
      sentence:
        'At step 1 the baseline called refund_payment(amount=40, idempotency_key=refund-key-A, order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-key-B, order_id=ORD-1001).',
      detail: `On the baseline its effect was deferred (${CHANGED_BY_REFUND}, not committed within the case); on the candidate the call changed ${CHANGED_BY_REFUND}. On the baseline, fault accepted_not_committed was injected: the dependency deferred the effect and the caller saw 202.`,
    },
    {
      name: 'a connection error that changed nothing',
      scenario: faultOnKey('connection_refused', 'refund-key-B'),
      baseline: { calls: [call.refund(40, 'refund-key-A')] },
      candidate: { calls: [call.refund(40, 'refund-key-B')] },
      step: 1,
      sentence:
        'At step 1 the baseline called refund_payment(amount=40, idempotency_key=refund-key-A, order_id=ORD-1001); the candidate called refund_payment(amount=40, idempotency_key=refund-key-B, order_id=ORD-1001).',
      detail: `On the baseline the call changed ${CHANGED_BY_REFUND}; on the candidate the call changed nothing. On the candidate, fault connection_refused was injected: the dependency did nothing and the caller saw a connection error (ECONNREFUSED).`,
    },
  ],
}

describe('every divergence sentence states only what the lockstep walk found', () => {
  for (const [kind, examples] of Object.entries(EXAMPLES) as [DivergenceKind, Example[]][]) {
    describe(kind, () => {
      it('has at least one example', () => {
        expect(examples.length).toBeGreaterThan(0)
      })
      for (const example of examples) {
        it(example.name, () => {
          const scenario = example.scenario ?? { id: 'sentence' }
          const divergence = firstDivergence(
            runCase(scenario, v124, example.baseline),
            runCase(scenario, v130, example.candidate),
          )
          expect({
            kind: divergence?.kind,
            step: divergence?.step,
            sentence: divergence?.sentence,
            detail: divergence?.detail,
          }).toEqual({
            kind,
            step: example.step,
            sentence: example.sentence,
            detail: example.detail,
          })
        })
      }
    })
  }
})
