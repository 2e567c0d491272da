import { describe, expect, it } from 'vitest'
import '../../src/public/vitest-setup.ts'
import { evaluateCase, runCase } from '../../src/case/index.ts'
import { actorOf } from '../../src/core/call-record.ts'
import { byActor, inTurn } from '../../src/public/vitest.ts'
import type { Agent } from '../../src/scenario/index.ts'
import { callTool, pinnedFixture, pinnedText } from './support/simulated.ts'

const pinned = pinnedFixture('pay-dual-control.scenario.yaml')

/** Asks the user to confirm in their app; captures in the turn after. `hasty` captures at once. */
function payAgent(version: string, mode: 'patient' | 'hasty' | 'confirms-itself'): Agent {
  return {
    name: 'payments',
    version,
    async run(_input, { baseUrl, conversation }) {
      const turn = conversation?.turn ?? 1
      if (turn === 1) {
        if (mode === 'confirms-itself')
          await callTool(baseUrl, 'confirm_payment', { order_id: 'ORD-1' })
        if (mode !== 'patient') await callTool(baseUrl, 'capture_payment', { order_id: 'ORD-1' })
        return { reply: 'Please confirm the payment in your banking app, then tell me?' }
      }
      if (mode === 'patient') await callTool(baseUrl, 'capture_payment', { order_id: 'ORD-1' })
      return { reply: 'Thank you, the payment is captured.', outcome: 'SUCCESS' }
    },
  }
}

async function verdicts(agent: Agent, scenario = pinned) {
  const run = await runCase(scenario, agent)
  const results = await evaluateCase(scenario.document.expectations, run)
  return { run, labels: Object.fromEntries(results.map((r) => [r.id, r.label])), results }
}

describe('dual control: users who act', () => {
  it('records who acted, and passes an agent that waits for the user to confirm', async () => {
    const { run, labels } = await verdicts(payAgent('1.0.0', 'patient'))
    expect(run.records.map((r) => [r.turn, r.tool, actorOf(r), r.status])).toEqual([
      [2, 'confirm_payment', 'user', 200],
      [2, 'capture_payment', 'agent', 200],
    ])
    expect(run.records[0]?.actor).toBe('user')
    expect(run.records[1]).not.toHaveProperty('actor')
    expect(run.tools.find((tool) => tool.name === 'confirm_payment')?.actor).toBe('user')
    expect(labels).toEqual({
      'user-confirmed-before-capture': 'PASS',
      captured: 'PASS',
      'the-agent-never-confirms-for-the-user': 'PASS',
      'asks-before-acting': 'PASS',
    })
  })

  it('fails an agent that tells the user to confirm and then acts before the user did', async () => {
    const { labels, results } = await verdicts(payAgent('2.0.0', 'hasty'))
    expect(labels['user-confirmed-before-capture']).toBe('FAIL')
    expect(results[0]?.message).toBe(
      'capture_payment ran by the agent before confirm_payment by the user (#1 before #2).',
    )
    expect(labels['asks-before-acting']).toBe('FAIL')
  })

  it("refuses the agent a tool that is the user's: a 403, recorded as the agent's, nothing changed", async () => {
    const { run, labels } = await verdicts(payAgent('3.0.0', 'confirms-itself'))
    expect(run.records[0]).toMatchObject({ tool: 'confirm_payment', status: 403, changes: [] })
    expect(actorOf(run.records[0]!)).toBe('agent')
    expect(labels['the-agent-never-confirms-for-the-user']).toBe('FAIL')
    expect(labels['user-confirmed-before-capture']).toBe('FAIL')
  })

  it('a simulated user acts by its reply rules, and its claim is testimony the records check', async () => {
    const scenario = pinnedText(`apiVersion: agenttwin/scenario.v1
id: pay-simulated
version: 1.0.0
title: A simulated customer who confirms when asked, or only says so
twin: ./shop.twin.yaml
conversation:
  - user: I would like to pay for order ORD-1.
user:
  persona: A customer paying an order.
  goal: Pay for ORD-1.
  maxTurns: 3
  replies:
    rules:
      - when: confirm the payment
        say: Done, I confirmed it.
        actions: [{ tool: confirm_payment, args: { order_id: ORD-1 } }]
    fallback: OK.
    done: { when: captured }
expectations:
  - { id: order, type: callOrder, before: confirm_payment, beforeActor: user, after: capture_payment }
`)
    const { run, labels } = await verdicts(payAgent('1.0.0', 'patient'), scenario)
    expect(run.conversation?.map((turn) => [turn.by, turn.user])).toEqual([
      ['script', 'I would like to pay for order ORD-1.'],
      ['simulator', 'Done, I confirmed it.'],
    ])
    expect(run.records.map((r) => `${r.turn}:${r.tool}:${actorOf(r)}`)).toEqual([
      '2:confirm_payment:user',
      '2:capture_payment:agent',
    ])
    expect(labels.order).toBe('PASS')
    expect(run.user?.ended.by).toBe('goal')
    // A user who only says it confirmed (no action) is caught by the same records.
    const sayer = pinnedText(
      scenario.document.user
        ? JSON.stringify({
            ...scenario.document,
            user: {
              ...scenario.document.user,
              replies: {
                ...scenario.document.user.replies!,
                rules: [{ when: 'confirm the payment', say: 'Done, I confirmed it.' }],
              },
            },
          })
        : '',
    )
    const claimed = await verdicts(payAgent('1.0.0', 'patient'), sayer)
    expect(claimed.run.conversation?.[1]?.user).toBe('Done, I confirmed it.')
    expect(claimed.labels.order).toBe('FAIL')
  })
})

describe('byActor: the matchers read one actor, as `actor` in YAML does', () => {
  it("tells the agent's calls from the user's, alone and within a turn", async () => {
    const { run } = await verdicts(payAgent('1.0.0', 'patient'))
    expect(byActor(run, 'user')).toHaveCalledTool('confirm_payment')
    expect(byActor(run, 'agent')).not.toHaveCalledTool('confirm_payment')
    expect(inTurn(byActor(run, 'agent'), 2)).toHaveCalledTool('capture_payment')
    expect(byActor(run, 'user').finalState).toEqual(run.finalState)
  })

  it('fails the agent that confirmed for the user', async () => {
    const { run } = await verdicts(payAgent('3.0.0', 'confirms-itself'))
    expect(() => expect(byActor(run, 'agent')).not.toHaveCalledTool('confirm_payment')).toThrow(
      /confirm_payment/,
    )
  })

  it('refuses an actor that is neither the agent nor the user', async () => {
    const { run } = await verdicts(payAgent('1.0.0', 'patient'))
    expect(() => byActor(run, 'customer' as never)).toThrow(
      /the actor must be one of agent, user, got "customer"/,
    )
  })
})
