import { describe, expect, it } from 'vitest'
import { evaluateCase, runCase } from '../../src/case/index.ts'
import { buildReport } from '../../src/compare/build-report.ts'
import { compareCase, comparePair } from '../../src/compare/pair.ts'
import { userTurnDivergence } from '../../src/compare/user-turns.ts'
import { renderHtml, renderMarkdown, renderTerminal } from '../../src/report/index.ts'
import type { Agent } from '../../src/scenario/index.ts'
import type { PinnedCase } from '../../src/scenario/pin.ts'
import { pinnedFixture, pinnedText, refundAgent } from '../scenario/support/simulated.ts'
import { parseHtml } from '../support/html-dom.ts'
import { linesWith } from '../support/normalise-text.ts'

const pinned = pinnedFixture('refund-simulated.scenario.yaml')

async function side(
  scenario: PinnedCase,
  agent: Agent,
  pinUser?: Awaited<ReturnType<typeof runCase>>,
) {
  const run = await runCase(scenario, agent, pinUser ? { pinUser } : {})
  return { run, results: await evaluateCase(scenario.document.expectations, run) }
}

/** Counts its calls: the simulated user of a pinned turn is never asked. */
function counting(agent: Agent): Agent & { turns: number[] } {
  const turns: number[] = []
  return {
    ...agent,
    turns,
    run: (input, context) => {
      turns.push(context.conversation?.turn ?? 0)
      return agent.run(input, context)
    },
  }
}

describe('pairs with the user pinned', () => {
  it("replays the baseline's user turns while the conversation is the same", async () => {
    const baseline = await side(pinned, refundAgent('1.0.0'))
    const candidate = await side(pinned, refundAgent('1.0.1'), baseline.run)
    expect(candidate.run.conversation?.map((turn) => turn.by)).toEqual([
      'baseline',
      'baseline',
      'baseline',
    ])
    expect(candidate.run.user?.ended).toMatchObject({ by: 'goal', turn: 3 })
    expect(userTurnDivergence(baseline.run, candidate.run)).toBeUndefined()
    expect(compareCase(baseline, candidate).userTurns).toBeUndefined()
  })

  it('from the first turn the agents differ, the simulator answers for itself, and the report says the agent caused it', async () => {
    const baseline = await side(pinned, refundAgent('1.0.0'))
    const sloppy = counting(refundAgent('2.0.0', true))
    const candidate = await side(pinned, sloppy, baseline.run)
    // Turns 1 and 2 are the baseline's (nothing differed before them); after the candidate's
    // different reply in turn 2 the simulator answers for itself: its goal is reached.
    expect(candidate.run.conversation?.map((turn) => [turn.by, turn.user])).toEqual([
      ['baseline', 'Hi, my order arrived broken. I want a refund.'],
      ['baseline', 'It is ORD-1.'],
    ])
    expect(sloppy.turns).toEqual([1, 2])
    expect(candidate.run.user?.ended).toMatchObject({ by: 'goal', turn: 2 })
    const compared = compareCase(baseline, candidate)
    expect(compared.userTurns).toEqual({
      turn: 3,
      baseline: 'Yes, please go ahead.',
      cause: 'agent',
      agentTurn: 2,
      sentence:
        'The simulated user\'s turn 3 differs: the baseline\'s user said "Yes, please go ahead.", the candidate\'s nothing (its conversation ended after turn 2: goal), after the agents replied differently in turn 2 (the baseline\'s agent: "Shall I refund ORD-1?"; the candidate\'s: "Your refund is done for ORD-1."), so it follows from the agent.',
    })
  })

  it("classifies a case whose only difference is the simulator's as the simulator's", async () => {
    // The same agent; the candidate's simulated user answers the same question differently
    // (as a sampled model may): nothing the agent did before differed.
    const other = pinnedText(
      JSON.stringify({
        ...pinned.document,
        user: {
          ...pinned.document.user,
          replies: {
            ...pinned.document.user!.replies,
            rules: [
              { when: 'order (number|id)', say: 'Let me look... it is {order_id}.' },
              ...pinned.document.user!.replies!.rules!.slice(1),
            ],
          },
        },
      }),
    )
    const agent = refundAgent('1.0.0')
    const baseline = await side(pinned, agent)
    const candidate = await side(other, agent)
    const compared = compareCase(baseline, candidate)
    expect(compared.userTurns).toEqual({
      turn: 2,
      baseline: 'It is ORD-1.',
      candidate: 'Let me look... it is ORD-1.',
      cause: 'simulator',
      sentence:
        "The simulated user's turn 2 differs: the baseline's user said \"It is ORD-1.\", the candidate's \"Let me look... it is ORD-1.\". The agents' replies and calls before it were the same, so the difference is the simulator's, not the agent's.",
    })
  })

  it('says nothing for conversations without a simulated user', async () => {
    const scripted = pinnedText(`apiVersion: agenttwin/scenario.v1
id: scripted
version: 1.0.0
title: Scripted
twin: ./shop.twin.yaml
conversation:
  - user: Refund ORD-1 please.
expectations:
  - { id: one, type: state, path: orders.ORD-1.refund_count, equals: 1 }
`)
    const a = await side(scripted, refundAgent('1.0.0'))
    const b = await side(scripted, refundAgent('2.0.0', true))
    expect(a.run.user).toBeUndefined()
    expect(userTurnDivergence(a.run, b.run)).toBeUndefined()
  })

  it('every report says whose difference it is: terminal, Markdown and HTML', async () => {
    // The candidate refunds before the customer said yes: a change every report must list.
    const confirmed = pinnedText(
      JSON.stringify({
        ...pinned.document,
        expectations: [
          ...pinned.document.expectations,
          {
            id: 'refund-after-yes',
            type: 'confirmedBeforeIrreversible',
            tools: ['refund_payment'],
            critical: true,
          },
        ],
      }),
    )
    const baseline = await side(confirmed, refundAgent('1.0.0'))
    const sloppy = await side(confirmed, refundAgent('2.0.0', true), baseline.run)
    const report = buildReport([
      comparePair({
        baseline: { agent: baseline.run.agent, cases: [baseline] },
        candidate: { agent: sloppy.run.agent, cases: [sloppy] },
      }),
    ])
    expect(report.pairs[0]!.cases[0]!.classification).toBe('NEW_CRITICAL_FAILURE')
    const sentence = report.pairs[0]!.cases[0]!.userTurns?.sentence
    expect(sentence).toMatch(/^The simulated user's turn 3 differs: /)
    const terminal = renderTerminal(report, { color: false })
    expect(terminal).toContain(`\n  Simulated user: ${sentence}\n`)
    expect(linesWith(renderMarkdown(report), '| `refund-simulated` |')).toMatchInlineSnapshot(`
      [
        "| \`refund-simulated\` | NEW_CRITICAL_FAILURE | step 3 (turn-ended): In turn 2, at step 3 the baseline asked the user "Shall I refund ORD-1?"; the candidate called refund_payment(order_id=ORD-1). The simulated user's turn 3 differs: the baseline's user said "Yes, please go ahead.", the candidate's nothing (its conversation ended after turn 2: goal), after the agents replied differently in turn 2 (the baseline's agent: "Shall I refund ORD-1?"; the candidate's: "Your refund is done for ORD-1."), so it follows from the agent. | refund-after-yes (FAIL, critical) |",
      ]
    `)
    const page = parseHtml(renderHtml(report))
    expect(page.text('details.case p.user-turns')).toBe(`Simulated user: ${sentence}`)
  })
})
