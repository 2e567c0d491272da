/**
 * What trials cost: one Demo Co case (refund-timeout-after-mutation, v1.3.0
 * against v1.2.4) run and compared with k = 1, 2, 4 and 8 trials a side, the
 * way the plugin's trial tests and verdict do it (runCase, evaluateCase per
 * trial and side, then comparePairTrials). The cost should grow linearly with
 * k: time(k) / time(1) close to k, so time(k) / (k · time(1)) close to 1.
 * Run: npm run bench
 */
import { afterAll, bench, describe } from 'vitest'
import { agents } from '../examples/demo-co/agent/index.ts'
import { evaluateCase } from '../src/case/evaluate-case.ts'
import { runCase } from '../src/case/run-case.ts'
import type { SideCase } from '../src/compare/pair.ts'
import { comparePairTrials } from '../src/compare/trials/index.ts'
import { createInterception } from '../src/public/msw.ts'
import { pinTrial } from '../src/scenario/trial.ts'
import { pinnedDemoScenarios } from '../test/demo-co/support/scenarios.ts'

const pinned = pinnedDemoScenarios().get('refund-timeout-after-mutation')!
const network = createInterception()
const KS = [1, 2, 4, 8]

async function side(version: string, k: number): Promise<SideCase[]> {
  const cases: SideCase[] = []
  for (let index = 1; index <= k; index++) {
    const trial = pinTrial(pinned, index)
    const run = await runCase(trial, agents[version]!, { interception: network })
    const results = await evaluateCase(trial.document.expectations, run)
    cases.push(k === 1 ? { run, results } : { run, results, trial: index })
  }
  return cases
}

async function compareWithTrials(k: number): Promise<void> {
  const baseline = await side('v1.2.4', k)
  const candidate = await side('v1.3.0', k)
  const pair = comparePairTrials({
    baseline: { agent: baseline[0]!.run.agent, cases: baseline },
    candidate: { agent: candidate[0]!.run.agent, cases: candidate },
  })
  if (pair.cases.length !== 1) throw new Error('expected one compared case')
}

async function timed(k: number): Promise<number> {
  const started = performance.now()
  await compareWithTrials(k)
  return performance.now() - started
}

/** Median over interleaved rounds (every k in each round, order rotating) of time(k) / time(1). */
async function interleavedRatios(rounds: number): Promise<Map<number, number>> {
  const ratios = new Map<number, number[]>(KS.map((k) => [k, []]))
  for (let round = 0; round < rounds; round++) {
    const order = KS.map((_, i) => KS[(i + round) % KS.length]!)
    const times = new Map<number, number>()
    for (const k of order) times.set(k, await timed(k))
    for (const k of KS) ratios.get(k)!.push(times.get(k)! / times.get(1)!)
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
  return new Map(KS.map((k) => [k, median(ratios.get(k)!)]))
}

afterAll(async () => {
  const ratios = await interleavedRatios(15)
  for (const [k, ratio] of ratios) {
    console.log(
      `k=${k}: time(k)/time(1) ${ratio.toFixed(2)}, per trial ${(ratio / k).toFixed(2)} (linear: 1.00)`,
    )
  }
  network.dispose()
}, 300_000)

describe('one Demo Co case compared over k trials a side', () => {
  for (const k of KS) bench(`k = ${k}`, () => compareWithTrials(k), { time: 1500, warmupTime: 200 })
})
