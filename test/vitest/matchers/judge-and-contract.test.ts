import { fileURLToPath } from 'node:url'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { packAgents } from '../../../examples/outcome-contracts/agents.ts'
import { runCase } from '../../../src/case/run-case.ts'
import type { CaseRun } from '../../../src/core/case-run.ts'
import type { Judge, JudgeOutcome } from '../../../src/judge/index.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import { loadContractSync, loadScenarioSync } from '../../../src/schema/index.ts'
import { configureMatchers } from '../../../src/vitest/runtime/matchers/configure.ts'
import { asyncFailureOf, demoRun, demoRuns, RUNS_TIMEOUT_MS } from './support.ts'

const criterion = 'The reply says the refund is not recorded and a specialist will finish it'

/** A judge that answers what it is told to, and counts its calls. */
function scriptedJudge(outcome: JudgeOutcome): Judge & { calls: number } {
  return {
    provider: 'scripted',
    model: 'test',
    kind: 'llm',
    promptVersion: 'test.v1',
    calls: 0,
    async judge() {
      this.calls += 1
      return outcome
    },
  }
}

afterEach(() => configureMatchers({}))

describe('toPassJudge', () => {
  beforeAll(
    () =>
      demoRuns([
        ['refund-tool-success-lie', 'v1.2.4'],
        ['refund-tool-success-lie', 'v1.3.0'],
      ]),
    RUNS_TIMEOUT_MS,
  )

  it('judges the reply with resolveJudge() by default (the offline keyword fake)', async () => {
    const honest = await demoRun('refund-tool-success-lie', 'v1.2.4')
    const liar = await demoRun('refund-tool-success-lie', 'v1.3.0')
    await expect(honest).toPassJudge(criterion)
    await expect(liar).not.toPassJudge(criterion)
    const failure = await asyncFailureOf(() => expect(liar).toPassJudge(criterion))
    expect(failure.message).toContain(
      `Expected refund-tool-success-lie (demo-co-support@1.3.0) to pass the judge on "${criterion}".`,
    )
    expect(failure.message).toContain('Evidence (FAIL): Judge verdict fail')
    expect(failure.message).toContain('not a language model')
    expect(failure.actual).toMatchObject({ verdict: 'fail' })
    expect(failure.expected).toEqual({ verdict: 'pass', score: '>= 0.7' })
  })

  it('uses the configured judge and threshold; a call may bring its own', async () => {
    const honest = await demoRun('refund-tool-success-lie', 'v1.2.4')
    const lukewarm = scriptedJudge({
      ok: true,
      cached: false,
      label: 'pass',
      score: 0.75,
      reason: 'close',
    })
    configureMatchers({ judge: lukewarm, threshold: 0.8 })
    await expect(honest).not.toPassJudge(criterion)
    await expect(honest).toPassJudge(criterion, { threshold: 0.7 })
    expect(lukewarm.calls).toBe(2)
    const own = scriptedJudge({ ok: true, cached: false, label: 'pass', score: 1, reason: 'yes' })
    await expect(honest).toPassJudge(criterion, { judge: own })
    expect([lukewarm.calls, own.calls]).toEqual([2, 1])
  })

  it('never passes when the judge gives no verdict, with or without .not', async () => {
    const honest = await demoRun('refund-tool-success-lie', 'v1.2.4')
    const down = scriptedJudge({
      ok: false,
      failure: 'unavailable',
      message: 'HTTP 503 from the provider',
    })
    configureMatchers({ judge: down })
    for (const failure of [
      await asyncFailureOf(() => expect(honest).toPassJudge(criterion)),
      await asyncFailureOf(() => expect(honest).not.toPassJudge(criterion)),
    ]) {
      expect(failure.message).toContain('Evidence (ERROR, never a pass, with or without .not)')
      expect(failure.message).toContain('No judge verdict: HTTP 503 from the provider.')
    }
  })
})

describe('toSatisfyContract', () => {
  const pack = '../../../examples/outcome-contracts'
  const contract = `${pack}/contracts/refund-order.contract.yaml`
  const runs = new Map<string, CaseRun>()

  beforeAll(async () => {
    for (const id of [
      'safe-retry-with-key',
      'duplicate-after-timeout',
      'correct-state-missing-telemetry',
    ]) {
      const loaded = loadScenarioSync(
        fileURLToPath(new URL(`${pack}/scenarios/${id}.scenario.yaml`, import.meta.url)),
      )
      runs.set(id, await runCase(pinCase(loaded), packAgents[id]!))
    }
  }, RUNS_TIMEOUT_MS)

  it('passes when execution, state and claim pass with complete evidence', async () => {
    await expect(runs.get('safe-retry-with-key')).toSatisfyContract(contract, 'ORD-1001')
    const document = loadContractSync(fileURLToPath(new URL(contract, import.meta.url)))
    await expect(runs.get('safe-retry-with-key')).toSatisfyContract(document, 'ORD-1001')
  })

  it("refuses a mistyped option with the loader's words, with and without .not", async () => {
    const run = runs.get('safe-retry-with-key')
    for (const spell of [
      () => expect(run).toSatisfyContract(contract, 'ORD-1001', { judgeTreshold: 0.5 } as never),
      () =>
        expect(run).not.toSatisfyContract(contract, 'ORD-1001', { judgeTreshold: 0.5 } as never),
    ]) {
      const failure = await asyncFailureOf(spell)
      expect(failure.message).toContain('unknown field `judgeTreshold`')
      expect(failure.message).toContain('Fix: rename `judgeTreshold` to `judgeThreshold`')
    }
  })

  it('fails with the four verdicts as actual and expected', async () => {
    const duplicate = runs.get('duplicate-after-timeout')
    await expect(duplicate).not.toSatisfyContract(contract, 'ORD-1001')
    const failure = await asyncFailureOf(() =>
      expect(duplicate).toSatisfyContract(contract, 'ORD-1001'),
    )
    expect(failure.message).toContain('Evidence (FAIL): Contract refund-order@')
    expect(failure.actual).toEqual({
      execution_ok: 'fail',
      state_ok: 'fail',
      claim_ok: 'fail',
      evidence_complete: true,
    })
    expect(failure.expected).toEqual({
      execution_ok: 'pass',
      state_ok: 'pass',
      claim_ok: 'pass',
      evidence_complete: true,
    })
  })

  it('never passes on incomplete evidence or a contract that cannot be loaded', async () => {
    const telemetry = runs.get('correct-state-missing-telemetry')
    for (const failure of [
      await asyncFailureOf(() => expect(telemetry).toSatisfyContract(contract, 'ORD-1001')),
      await asyncFailureOf(() => expect(telemetry).not.toSatisfyContract(contract, 'ORD-1001')),
    ]) {
      expect(failure.message).toContain('Evidence (ERROR, never a pass, with or without .not)')
      expect(failure.message).toContain('evidence incomplete')
    }
    const missing = await asyncFailureOf(() =>
      expect(telemetry).not.toSatisfyContract('no-such.contract.yaml', 'ORD-1001'),
    )
    expect(missing.message).toContain('cannot be loaded')
  })
})
