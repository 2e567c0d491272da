import { describe, expect, test } from 'vitest'
import { InvalidDocumentError } from '../../src/core/errors.ts'
import { caseExpectations } from '../../src/schema/conversation-checks.ts'
import { parseScenario } from '../../src/schema/index.ts'

const head = `apiVersion: agenttwin/scenario.v1
id: talk
version: 1.0.0
title: A conversation
twin: ./payments.twin.yaml
`

function problems(text: string) {
  try {
    parseScenario(text, 'talk.scenario.yaml')
  } catch (error) {
    if (error instanceof InvalidDocumentError) {
      return error.problems.map(
        (p) => `${p.line}:${p.column} ${p.path}: ${p.message}. Fix: ${p.fix}`,
      )
    }
    throw error
  }
  return []
}

describe('scenario.v1 conversation', () => {
  test('a conversation stands instead of input; checkpoints come after the expectations', () => {
    const document = parseScenario(
      `${head}conversation:
  - user: I want a refund
    checkpoints:
      - { id: nothing-yet, type: notCalledTool, tool: refund }
  - user: ORD-1
    input: { customer_id: C-1 }
expectations:
  - { id: one, type: state, path: orders.ORD-1.refund_count, equals: 1, turn: 2 }
`,
      'talk.scenario.yaml',
    )
    expect(document.conversation?.[1]).toEqual({ user: 'ORD-1', input: { customer_id: 'C-1' } })
    expect(caseExpectations(document)).toEqual([
      { expectation: document.expectations[0], path: ['expectations', 0] },
      {
        expectation: { id: 'nothing-yet', type: 'notCalledTool', tool: 'refund', turns: { to: 1 } },
        path: ['conversation', 0, 'checkpoints', 0],
      },
    ])
  })

  test('neither input nor conversation, or both, is located with a fix', () => {
    expect(
      problems(`${head}expectations:\n  - { id: a, type: handoff, expected: false }\n`),
    ).toEqual([
      '6:1 expectations: the scenario gives neither `input` nor `conversation`. Fix: add `input: { message: ... }` for a one-turn case, or `conversation:` with a list of user turns (`- user: ...`)',
    ])
    expect(
      problems(
        `${head}input: { message: hi }\nconversation:\n  - user: hi\nexpectations:\n  - { id: a, type: handoff, expected: false }\n`,
      ),
    ).toEqual([
      "7:1 conversation: the scenario gives both `input` and `conversation`. Fix: keep one: `input` for a one-turn case, or `conversation` (put the first message in its first turn's `user`)",
    ])
  })

  test('turns past the end, a checkpoint with turn, a reversed range, a repeated id, an empty user', () => {
    const found = problems(`${head}conversation:
  - user: ''
    checkpoints:
      - { id: a, type: handoff, expected: false, turn: 1 }
  - user: two
faults:
  - { id: late, tool: refund, fault: timeout_before_effect, when: { turn: 3 } }
expectations:
  - { id: a, type: handoff, expected: false, turn: 4 }
  - { id: b, type: handoff, expected: false, turns: { from: 2, to: 1 } }
`)
    expect(found).toEqual([
      expect.stringMatching(/^7:11 conversation\[0\]\.user: /),
      '9:15 conversation[0].checkpoints[0].id: expectation id `a` is used twice (first by expectations[0]). Fix: give every expectation its own id; reports, overrides and comparisons refer to it',
      '9:50 conversation[0].checkpoints[0].turn: a checkpoint is evaluated at the end of its own turn, so `turn` does not apply. Fix: remove `turn`, or move the expectation to `expectations` to read other turns',
      '12:75 faults[0].when.turn: turn 3 is past the end: the conversation has 2 turns, so the rule never fires. Fix: name a turn from 1 to 2, or remove `turn`',
      '14:52 expectations[0].turn: turn 4 is past the end: the conversation has 2 turns. Fix: name a turn from 1 to 2',
      '15:61 expectations[1].turns.from: the range starts at turn 2, after its end (turn 1). Fix: write the earlier turn in `from` and the later in `to`',
    ])
  })

  test('a fault rule conditioned on turn 0 is refused like any call number', () => {
    const found = problems(`${head}conversation:
  - user: one
faults:
  - { id: zero, tool: refund, fault: timeout_before_effect, when: { turn: 0 } }
expectations:
  - { id: a, type: handoff, expected: false }
`)
    expect(found).toMatchInlineSnapshot(`
      [
        "9:75 faults[0].when.turn: turn must be a whole number of at least 1, got 0. Fix: user turns count from 1 (the first user message is turn 1); \`turn: 3, call: 1\` faults the first call of the tool in turn 3",
      ]
    `)
  })
})
