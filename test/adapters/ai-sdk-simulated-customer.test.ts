/**
 * The AI SDK example's simulated customer: an AI SDK agent talks to a
 * simulated user played by a model, both replayed from the committed
 * cassettes (recorded once against the scripted server), with no model
 * server and no key. The Vitest project `adapters-ai-sdk` gates the pair;
 * this test reads what the runs hold.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { agents } from '../../examples/adapters/ai-sdk/agents.ts'
import { runAndEvaluateCase } from '../../src/case/index.ts'
import { comparePair } from '../../src/compare/pair.ts'
import { pinSelection } from '../../src/scenario/pin.ts'
import { loadScenarioSync } from '../../src/schema/index.ts'

const example = (path: string) =>
  fileURLToPath(new URL(`../../examples/adapters/${path}`, import.meta.url))
const [pinned] = pinSelection([
  loadScenarioSync(example('ai-sdk/simulated-customer.scenario.yaml')),
]).cases
const models = {
  cli: 'replay',
  hosts: ['http://127.0.0.1:4020/v1'],
  cassetteDir: example('ai-sdk/cassettes'),
}

describe('an AI SDK agent and a simulated customer played by a model, replayed', () => {
  it('plays the conversation from both cassettes: the amount is given when asked, and the goal ends it', async () => {
    const baseline = await runAndEvaluateCase(pinned!, agents['ai-sdk-v1'], { models })
    const { run } = baseline
    expect(run.finished).toBe(true)
    expect(run.conversation?.map((turn) => [turn.by, turn.user, turn.result?.reply])).toEqual([
      [
        'simulator',
        'Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund me, please?',
        'How much should I refund?',
      ],
      ['simulator', '40 USD, please.', 'Done: I refunded 40 USD to your card for order ORD-1001.'],
    ])
    expect(run.user).toMatchObject({
      simulator: 'language-model',
      model: 'scripted-customer-1',
      ended: { by: 'goal', turn: 2 },
      models: { llm: 'replayed' },
    })
    // The user's model traffic is kept apart from the agent's.
    expect(run.models?.llm).toBe('replayed')
    expect(run.user?.models?.totals).not.toEqual(run.models?.totals)
    expect(baseline.results.map((result) => [result.id, result.label])).toEqual([
      ['refunded-once', 'PASS'],
      ['refunded-the-amount-the-customer-gave', 'PASS'],
    ])

    // The pair pins the customer: it differs from turn 2 on, because v2 refunded in turn 1.
    const candidate = await runAndEvaluateCase(pinned!, agents['ai-sdk-v2'], {
      models,
      pinUser: run,
    })
    expect(candidate.run.conversation?.[0]?.by).toBe('baseline')
    const compared = comparePair({
      baseline: { agent: run.agent, cases: [baseline] },
      candidate: { agent: candidate.run.agent, cases: [candidate] },
    })
    expect(compared.cases[0]?.userTurns).toMatchObject({ turn: 2, cause: 'agent', agentTurn: 1 })
    expect(compared.cases[0]?.classification).toBe('NEW_CRITICAL_FAILURE')
  }, 120_000)
})
