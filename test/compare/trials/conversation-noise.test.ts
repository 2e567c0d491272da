import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { compareTrialCase } from '../../../src/compare/trials/index.ts'
import { holdInterception } from '../../../src/http/shared-interception.ts'
import { trialLines } from '../../../src/report/trials.ts'
import type { Agent } from '../../../src/scenario/types.ts'
import { createSideRunner } from '../../../src/vitest/runtime/side-runner.ts'
import { refundAgent } from '../../scenario/support/simulated.ts'
import {
  type CustomerLines,
  customer,
  modelUserScenario,
  startUserModel,
} from '../../scenario/support/user-model-server.ts'

const dir = mkdtempSync(join(tmpdir(), 'agenttwin-conversation-noise-'))
const hold = holdInterception('conversation noise test')
afterAll(() => {
  hold.release()
  rmSync(dir, { recursive: true, force: true })
})

const scenario = (baseUrl: string) => modelUserScenario(baseUrl, 'noisy-customer')

/** A version paired with itself over `k` trials, each trial a runner of its own, as a Vitest pair runs it. */
async function selfPairTrials(lines: CustomerLines, agent: Agent, k: number) {
  const server = await startUserModel(lines)
  try {
    const pinned = scenario(server.baseUrl)
    const pairs = []
    for (let trial = 1; trial <= k; trial++) {
      const runner = createSideRunner({
        pinned,
        network: () => hold.interception,
        overrides: () => [],
        timeoutMs: 30_000,
        models: { cli: 'live', cassetteDir: dir },
        trial,
      })
      const baseline = await runner.side(agent, { side: 'baseline', selfPair: true })
      const candidate = await runner.side(agent, { side: 'candidate', selfPair: true, baseline })
      pairs.push([baseline, candidate] as const)
    }
    return pairs
  } finally {
    await server.close()
  }
}

/** An agent that words its question for the order number two ways, one run after the other. */
function wavering(): Agent {
  const steady = refundAgent('1.0.0')
  let runs = 0
  return {
    ...steady,
    async run(input, context) {
      if (context.conversation?.turn === 1) runs++
      const answer = await steady.run(input, context)
      if (runs % 2 === 0 && /order number/.test(String(answer.reply))) {
        return { ...answer, reply: 'Which order number is it, please?' }
      }
      return answer
    },
  }
}

describe('a version paired with itself over a simulated conversation', () => {
  it('runs the candidate with its own simulated user, not the baseline’s', async () => {
    // The customer gives its order number in two wordings, one time after the other.
    let given = 0
    const twoWordings: CustomerLines = (agent, asked) =>
      /order number/i.test(agent) && given++ % 2 === 1
        ? 'Order ORD-1, thanks.'
        : customer(agent, asked)
    const [baseline, candidate] = (await selfPairTrials(twoWordings, refundAgent('1.0.0'), 1))[0]!
    expect(candidate.run.conversation?.map((turn) => turn.by)).toEqual([
      'simulator',
      'simulator',
      'simulator',
    ])
    expect(baseline.run.conversation?.[1]?.user).not.toBe(candidate.run.conversation?.[1]?.user)
  }, 60_000)

  it('reports the simulator’s noise beside the agent’s', async () => {
    // Every third message the customer words its order number differently: the simulator's noise.
    const noisy: CustomerLines = (agent, asked) =>
      /order number/i.test(agent) && asked % 3 === 0
        ? 'Order ORD-1, thanks.'
        : customer(agent, asked)
    const pairs = await selfPairTrials(noisy, refundAgent('1.0.0'), 6)
    const compared = compareTrialCase(pairs)
    const noise = compared.trials.conversationNoise!
    expect(noise.trials).toBe(6)
    expect(noise.simulator).toBeGreaterThan(0)
    expect(noise.agent).toBe(0)
    expect(noise.same + noise.simulator).toBe(6)
    // The expectation's own noise floor stays: the agent refunds once whatever the wording.
    // A trial pair whose two runs are equal to the byte counts as one run, so 6 to 12 runs, all passed.
    const floor = compared.trials.noiseFloor![0]!
    const runs = floor.runs
    expect(floor).toMatchObject({ pairedDisagreements: 0, passes: runs })
    expect(runs).toBeGreaterThanOrEqual(6)
    expect(runs).toBeLessThanOrEqual(12)
    // Which runs the simulator words differently depends on the order the trials ran in:
    // its two counts (and the runs they leave) are named, the rest of every line is as shown.
    const lines = trialLines({ ...compared, trials: compared.trials } as never).map((line) =>
      line
        .replace(`in ${noise.simulator} of 6 trial pairs`, 'in <simulator> of 6 trial pairs')
        .replace(`, ${noise.same} the same throughout`, ', <same> the same throughout')
        .replace(`${runs} of ${runs} runs passed`, '<runs> of <runs> runs passed'),
    )
    expect(lines).toMatchInlineSnapshot(`
      [
        "6 a side, alpha 0.05; shown: trial 1 of 6: every trial pair is UNCHANGED on its own",
        "case passed 6/6 → 6/6, pass^6 1.00 → 1.00, Wilson 95 % [0.61, 1.00] → [0.61, 1.00]",
        "one decision for the case at alpha 0.05: Holm over 1 of its 2 one-sided Fisher tests (worse and better per expectation; tests whose margins cannot reach alpha not counted)",
        "noise floor (a version paired with itself): refunded-once 0/6 trial pairs disagree; <runs> of <runs> runs passed, 0 % of any two runs disagree",
        "noise floor, simulated user: in <simulator> of 6 trial pairs the user answered the same conversation differently (the simulator's noise), in 0 the agent answered differently first (the agent's), <same> the same throughout",
      ]
    `)
  }, 120_000)

  it('tells an agent that words things differently from the simulator', async () => {
    const pairs = await selfPairTrials(customer, wavering(), 4)
    const noise = compareTrialCase(pairs).trials.conversationNoise!
    // Each trial's baseline and candidate are two runs in a row: one of them words it the other way.
    expect(noise).toEqual({ trials: 4, same: 0, simulator: 0, agent: 4 })
  }, 120_000)

  it('is absent without a simulated user', async () => {
    const pairs = await selfPairTrials(customer, refundAgent('1.0.0'), 1)
    const plain = pairs.map(
      ([b, c]) =>
        [
          { ...b, run: { ...b.run, user: undefined } },
          { ...c, run: { ...c.run, user: undefined } },
        ] as const,
    )
    expect(compareTrialCase(plain).trials.conversationNoise).toBeUndefined()
  }, 60_000)
})
