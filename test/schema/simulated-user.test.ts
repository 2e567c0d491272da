import { describe, expect, test } from 'vitest'
import { InvalidDocumentError } from '../../src/core/errors.ts'
import { parseScenario } from '../../src/schema/index.ts'

const head = `apiVersion: agenttwin/scenario.v1
id: talk
version: 1.0.0
title: A conversation
twin: ./shop.twin.yaml
`
const tail = 'expectations:\n  - { id: a, type: handoff, expected: false }\n'

function problems(text: string) {
  try {
    parseScenario(`${head}${text}${tail}`, 'talk.scenario.yaml')
  } catch (error) {
    if (error instanceof InvalidDocumentError) {
      return error.problems.map((p) => `${p.line}:${p.column} ${p.path}: ${p.message}`)
    }
    throw error
  }
  return []
}

const user = `user:
  persona: A customer.
  goal: A refund.
  knows: { problem: broken }
  private: { order_id: ORD-1 }
  maxTurns: 3
`

describe('scenario.v1 simulated users', () => {
  test('a user block alone is a simulated conversation; scripted and simulated turns mix', () => {
    const document = parseScenario(
      `${head}conversation:\n  - user: Hi\n  - simulated: true\n${user}  replies:\n    fallback: Help?\n    done: { when: done }\n${tail}`,
      'talk.scenario.yaml',
    )
    expect(document.conversation).toEqual([{ user: 'Hi' }, { simulated: true }])
    expect(document.user?.maxTurns).toBe(3)
    expect(
      problems(
        `${user}  replies:\n    opening: Hi, it {problem}.\n    fallback: Help?\n    done: { when: done }\n`,
      ),
    ).toEqual([])
  })

  test('bad turns and users are located with what is wrong', () => {
    expect(
      problems(
        `conversation:\n  - user: Hi\n    simulated: true\n  - input: { a: 1 }\n  - simulated: true\n    actions: [{ tool: confirm_payment }]\n`,
      ),
    ).toEqual([
      '8:5 conversation[0].simulated: the turn gives both `user` and `simulated`',
      '9:5 conversation[1]: the turn gives neither `user` nor `simulated`',
      '10:5 conversation[2].simulated: the turn is simulated, but the scenario has no simulated user',
      "11:5 conversation[2].actions: a simulated turn's actions are the simulated user's to choose",
    ])
    expect(
      problems(`input: { message: hi }\n${user.replace('maxTurns: 3', 'maxTurns: 0')}`),
    ).toEqual([
      '7:1 user: the scenario gives both `input` and a simulated `user`',
      '7:1 user: the simulated user gives neither `replies` nor `model`',
      expect.stringMatching(/^12:13 user\.maxTurns: .*1/),
    ])
  })

  test('replies: patterns compile, texts name facts it has, a private fact is never said unasked', () => {
    expect(
      problems(
        `conversation:\n  - simulated: true\n  - user: a\n  - user: b\n  - user: c\n${user}  replies:\n    opening: It is {order_id}.\n    rules:\n      - { when: "order (", say: "{order_id} / {nope}" }\n    fallback: Help?\n    done: { when: done }\n  model: { model: m }\n`,
      ),
    ).toEqual([
      '16:13 user.maxTurns: maxTurns is 3, fewer than the 4 turns the conversation lists',
      '18:14 user.replies.opening: `{order_id}` is a private fact, and this text is said without being asked',
      expect.stringMatching(
        /^20:17 user\.replies\.rules\[0\]\.when: `when` is not a valid regular expression/,
      ),
      '20:33 user.replies.rules[0].say: `{nope}` names no fact of the simulated user',
      '23:3 user.model: the simulated user gives both `replies` and `model`',
    ])
  })

  test('an expectation turn past maxTurns is located; one within it is fine', () => {
    const body = `${user}  replies:\n    opening: Hi\n    fallback: Help?\n    done: { when: done }\n`
    expect(problems(body)).toEqual([])
    const past = parseScenarioProblems(
      `${body}expectations:\n  - { id: a, type: handoff, expected: false, turn: 4 }\n`,
    )
    expect(past).toEqual([
      expect.stringContaining('turn 4 is past the end: the conversation has at most 3 turns'),
    ])
  })
})

function parseScenarioProblems(text: string) {
  try {
    parseScenario(`${head}${text}`, 'talk.scenario.yaml')
  } catch (error) {
    if (error instanceof InvalidDocumentError) return error.problems.map((p) => p.message)
    throw error
  }
  return []
}
