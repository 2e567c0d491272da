import { describe, expect, it } from 'vitest'
import { evaluateCase, runCase } from '../../src/case/index.ts'
import { DETERMINISTIC_USER_NOTE } from '../../src/case/user-simulator.ts'
import { pinnedFixture, pinnedText, refundAgent } from './support/simulated.ts'

const pinned = pinnedFixture('refund-simulated.scenario.yaml')

/**
 * A conversation over the fixtures' shop that mixes scripted and simulated
 * turns (`conversation` as YAML list items), with a terse customer who says
 * "Yes." when asked "shall I" and whose goal is "refund is done".
 */
function mixedScenario(
  id: string,
  conversation: string,
  user: { maxTurns: number; endWhen?: string },
) {
  return pinnedText(`apiVersion: agenttwin/scenario.v1
id: ${id}
version: 1.0.0
title: ${id}
twin: ./shop.twin.yaml
conversation:
${conversation}
user:
  persona: Terse customer.
  goal: A refund.
  maxTurns: ${user.maxTurns}
${user.endWhen ? `  endWhen: ${user.endWhen}\n` : ''}  replies:
    rules:
      - { when: "shall I", say: "Yes." }
    fallback: Please just refund it.
    done: { when: "refund is done" }
expectations:
  - { id: one, type: state, path: orders.ORD-1.refund_count, equals: 1 }
`)
}

describe('a deterministic simulated user', () => {
  it('answers what the agent asked, gives a private fact only when asked, and ends on its goal', async () => {
    const run = await runCase(pinned, refundAgent('1.0.0'))
    expect(run.finished).toBe(true)
    expect(run.conversation?.map((turn) => [turn.by, turn.user, turn.result?.reply])).toEqual([
      [
        'simulator',
        'Hi, my order arrived broken. I want a refund.',
        'Sorry to hear that. What is your order number?',
      ],
      ['simulator', 'It is ORD-1.', 'Shall I refund ORD-1?'],
      ['simulator', 'Yes, please go ahead.', 'Your refund is done for ORD-1.'],
    ])
    expect(run.user).toEqual({
      simulator: 'deterministic',
      note: DETERMINISTIC_USER_NOTE,
      persona: 'A customer whose order arrived broken; short answers.',
      goal: 'Get order ORD-1 refunded.',
      ended: { by: 'goal', turn: 3, reason: expect.stringContaining('done.when') },
    })
    expect(run.user?.note).toMatch(/^not a language model/)
    expect(run.finalState).toMatchObject({ orders: { 'ORD-1': { refund_count: 1 } } })
    const results = await evaluateCase(pinned.document.expectations, run)
    expect(results.map((result) => result.label)).toEqual(['PASS'])
  })

  it('is the same conversation every run (same agent, same turns, same records)', async () => {
    const first = await runCase(pinned, refundAgent('1.0.0'))
    const second = await runCase(pinned, refundAgent('1.0.0'))
    const strip = (run: typeof first) => ({ ...run, metrics: { ...run.metrics, latencyMs: 0 } })
    expect(JSON.stringify(strip(second))).toBe(JSON.stringify(strip(first)))
  })

  it('stops at the turn limit when the goal is never reached', async () => {
    const run = await runCase(pinned, {
      name: 'stonewall',
      version: '1',
      run: async () => ({ reply: 'We are looking into it.' }),
    })
    expect(run.conversation).toHaveLength(5)
    expect(run.conversation?.slice(1).map((turn) => turn.user)).toEqual(
      Array(4).fill('Can you help me with the refund?'),
    )
    expect(run.user?.ended).toEqual({
      by: 'turn-limit',
      turn: 5,
      reason: 'the turn limit (maxTurns 5)',
    })
  })

  it('ends when the agent hands off (its reply says so, or a handoff tool succeeded)', async () => {
    const run = await runCase(pinned, {
      name: 'handoff',
      version: '1',
      run: async () => ({ reply: 'A colleague will take it from here.', handoff: true }),
    })
    expect(run.conversation).toHaveLength(1)
    expect(run.user?.ended).toMatchObject({ by: 'handoff', turn: 1 })
  })

  it('mixes scripted and simulated turns, in the order the list gives', async () => {
    const mixed = mixedScenario(
      'mixed',
      `  - user: My order ORD-1 arrived broken, refund it please.
  - simulated: true
  - user: Thanks.`,
      { maxTurns: 4, endWhen: '[handoff]' },
    )
    const run = await runCase(mixed, refundAgent('1.0.0'))
    expect(run.conversation?.map((turn) => [turn.by, turn.user])).toEqual([
      ['script', 'My order ORD-1 arrived broken, refund it please.'],
      ['simulator', 'Yes.'],
      ['script', 'Thanks.'],
      // The goal rule is off (endWhen: [handoff]): "refund is done" ends nothing, the rules answer on.
      ['simulator', 'Yes.'],
    ])
    expect(run.conversation?.[1]?.result?.reply).toBe('Your refund is done for ORD-1.')
    expect(run.user?.ended.by).toBe('turn-limit')
  })

  it('checks the goal rule before a scripted turn too: a goal reached ends the conversation there', async () => {
    const mixed = mixedScenario(
      'mixed-goal',
      `  - user: My order ORD-1 arrived broken, refund it please.
  - simulated: true
  - user: Thanks, and one more thing about my address.`,
      { maxTurns: 4 },
    )
    const run = await runCase(mixed, refundAgent('1.0.0'))
    expect(run.conversation?.map((turn) => [turn.by, turn.user, turn.result?.reply])).toEqual([
      ['script', 'My order ORD-1 arrived broken, refund it please.', 'Shall I refund ORD-1?'],
      ['simulator', 'Yes.', 'Your refund is done for ORD-1.'],
    ])
    expect(run.user?.ended).toEqual({
      by: 'goal',
      turn: 2,
      reason: "the agent's reply matched done.when /refund is done/",
    })
    expect(run.finished).toBe(true)
  })

  it('plays a scripted turn when the goal is not reached yet', async () => {
    const mixed = mixedScenario(
      'mixed-goal-later',
      `  - user: Hello, my order arrived broken.
  - user: It is ORD-1.`,
      { maxTurns: 4 },
    )
    const run = await runCase(mixed, refundAgent('1.0.0'))
    expect(run.conversation?.map((turn) => [turn.by, turn.user])).toEqual([
      ['script', 'Hello, my order arrived broken.'],
      ['script', 'It is ORD-1.'],
      ['simulator', 'Yes.'],
    ])
    expect(run.user?.ended).toMatchObject({ by: 'goal', turn: 3 })
  })
})
