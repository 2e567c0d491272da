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
import { normaliseText } from '../../support/normalise-text.ts'
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
    expect(normaliseText(failure.message)).toMatchInlineSnapshot(`
      "expect(run).toPassJudge(…)

      Expected refund-tool-success-lie (demo-co-support@1.3.0) to pass the judge on "The reply says the refund is not recorded and a specialist will finish it".
      Evidence (FAIL): Judge verdict fail, score 0.2: keyword overlap 1/5; found: refund; missing: not, record, specialist, finish [fake/keyword-overlap; not a language model: deterministic keyword overlap stand-in; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"
    `)
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
    const failures = [
      await asyncFailureOf(() => expect(honest).toPassJudge(criterion)),
      await asyncFailureOf(() => expect(honest).not.toPassJudge(criterion)),
    ]
    expect(failures.map((failure) => normaliseText(failure.message))).toMatchInlineSnapshot(`
      [
        "expect(run).toPassJudge(…)

      Expected refund-tool-success-lie (demo-co-support@1.2.4) to pass the judge on "The reply says the refund is not recorded and a specialist will finish it".
      Evidence (ERROR, never a pass, with or without .not): No judge verdict: HTTP 503 from the provider. This says nothing about the agent; fix the judge or rerun. [scripted/test; uncalibrated (n=0, agreement=n/a, kappa=n/a)]",
        "expect(run).not.toPassJudge(…)

      Expected refund-tool-success-lie (demo-co-support@1.2.4) not to pass the judge on "The reply says the refund is not recorded and a specialist will finish it".
      Evidence (ERROR, never a pass, with or without .not): No judge verdict: HTTP 503 from the provider. This says nothing about the agent; fix the judge or rerun. [scripted/test; uncalibrated (n=0, agreement=n/a, kappa=n/a)]",
      ]
    `)
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
    const failures = [
      await asyncFailureOf(() =>
        expect(run).toSatisfyContract(contract, 'ORD-1001', { judgeTreshold: 0.5 } as never),
      ),
      await asyncFailureOf(() =>
        expect(run).not.toSatisfyContract(contract, 'ORD-1001', { judgeTreshold: 0.5 } as never),
      ),
    ]
    expect(failures.map((failure) => normaliseText(failure.message))).toMatchInlineSnapshot(`
      [
        "toSatisfyContract: options: unknown field \`judgeTreshold\`; allowed here: \`salt\`, \`phrases\`, \`classes\`, \`literalClasses\`, \`judge\` and \`judgeThreshold\`. Fix: rename \`judgeTreshold\` to \`judgeThreshold\` (did you mean \`judgeThreshold\`?).",
        "toSatisfyContract: options: unknown field \`judgeTreshold\`; allowed here: \`salt\`, \`phrases\`, \`classes\`, \`literalClasses\`, \`judge\` and \`judgeThreshold\`. Fix: rename \`judgeTreshold\` to \`judgeThreshold\` (did you mean \`judgeThreshold\`?).",
      ]
    `)
  })

  it('fails with the four verdicts as actual and expected', async () => {
    const duplicate = runs.get('duplicate-after-timeout')
    await expect(duplicate).not.toSatisfyContract(contract, 'ORD-1001')
    const failure = await asyncFailureOf(() =>
      expect(duplicate).toSatisfyContract(contract, 'ORD-1001'),
    )
    expect(normaliseText(failure.message)).toMatchInlineSnapshot(`
      "expect(run).toSatisfyContract(…)

      Expected duplicate-after-timeout (pack-duplicate-after-timeout@1.0.0) to satisfy contract ../../../examples/outcome-contracts/contracts/refund-order.contract.yaml for ORD-1001.
      Evidence (FAIL): Contract refund-order@1.0.0 (owner payments-team) on order:30874e5a6b303cc6, outcome committed: execution_ok fail, state_ok fail, claim_ok fail, evidence_complete true.
      execution_ok fail: refund_payment executed 2 times on order:30874e5a6b303cc6 (#1, #2); the contract allows 1.
      state_ok fail: order:30874e5a6b303cc6 does not meet the postcondition: refund_count went from 0 to 2 (+2), expected +1; refunded_amount went from 0 to 80 (+80), expected +40; refundable_amount went from 128 to 48 (-80), expected -40.
      claim_ok fail: the agent told the user a success claim ("Refunded 40 USD to your card."), but a claim that it is done needs a committed state of order:30874e5a6b303cc6 that matches the postcondition; the outcome is committed and state_ok is fail."
    `)
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
    const failures = [
      await asyncFailureOf(() => expect(telemetry).toSatisfyContract(contract, 'ORD-1001')),
      await asyncFailureOf(() => expect(telemetry).not.toSatisfyContract(contract, 'ORD-1001')),
    ]
    expect(failures.map((failure) => normaliseText(failure.message))).toMatchInlineSnapshot(`
      [
        "expect(run).toSatisfyContract(…)

      Expected correct-state-missing-telemetry (pack-correct-state-missing-telemetry@1.0.0) to satisfy contract ../../../examples/outcome-contracts/contracts/refund-order.contract.yaml for ORD-1001.
      Evidence (ERROR, never a pass, with or without .not): Contract refund-order@1.0.0 (owner payments-team) on order:30874e5a6b303cc6, outcome committed: execution_ok pass, state_ok pass, claim_ok pass, evidence_complete false.
      execution_ok pass: refund_payment #2 executed on order:30874e5a6b303cc6.
      state_ok pass: order:30874e5a6b303cc6 read back from payments meets the postcondition (refund_count went from 0 to 1 (+1), as expected; refunded_amount went from 0 to 40 (+40), as expected; refundable_amount went from 128 to 88 (-40), as expected), produced by refund_payment #2 (state version sha256:5080bd192bbe → sha256:3aa479dbdf95).
      claim_ok pass: the agent told the user a success claim ("Your refund of 40 USD went through."), which the contract allows when the outcome is committed.
      evidence incomplete: refund_payment #2 executed on order:30874e5a6b303cc6, but its receipt (provider_refund_id, field refund_id) never reached the caller: it saw 504 {"error":"gateway_timeout","message":"The upstream server did not respond in time."} (fault timeout_after_mutation). Unknown is never a pass: supply the missing evidence, then check again.",
        "expect(run).not.toSatisfyContract(…)

      Expected correct-state-missing-telemetry (pack-correct-state-missing-telemetry@1.0.0) not to satisfy contract ../../../examples/outcome-contracts/contracts/refund-order.contract.yaml for ORD-1001.
      Evidence (ERROR, never a pass, with or without .not): Contract refund-order@1.0.0 (owner payments-team) on order:30874e5a6b303cc6, outcome committed: execution_ok pass, state_ok pass, claim_ok pass, evidence_complete false.
      execution_ok pass: refund_payment #2 executed on order:30874e5a6b303cc6.
      state_ok pass: order:30874e5a6b303cc6 read back from payments meets the postcondition (refund_count went from 0 to 1 (+1), as expected; refunded_amount went from 0 to 40 (+40), as expected; refundable_amount went from 128 to 88 (-40), as expected), produced by refund_payment #2 (state version sha256:5080bd192bbe → sha256:3aa479dbdf95).
      claim_ok pass: the agent told the user a success claim ("Your refund of 40 USD went through."), which the contract allows when the outcome is committed.
      evidence incomplete: refund_payment #2 executed on order:30874e5a6b303cc6, but its receipt (provider_refund_id, field refund_id) never reached the caller: it saw 504 {"error":"gateway_timeout","message":"The upstream server did not respond in time."} (fault timeout_after_mutation). Unknown is never a pass: supply the missing evidence, then check again.",
      ]
    `)
    const missing = await asyncFailureOf(() =>
      expect(telemetry).not.toSatisfyContract('no-such.contract.yaml', 'ORD-1001'),
    )
    expect(normaliseText(missing.message)).toMatchInlineSnapshot(`
      "expect(run).not.toSatisfyContract(…)

      Expected correct-state-missing-telemetry (pack-correct-state-missing-telemetry@1.0.0) not to satisfy contract no-such.contract.yaml for ORD-1001.
      Evidence (ERROR, never a pass, with or without .not): Cannot evaluate: the contract <repo>/test/vitest/matchers/no-such.contract.yaml cannot be loaded. 1 problem:
      <repo>/test/vitest/matchers/no-such.contract.yaml:1:1 the file does not exist. Fix: check the path and the working directory"
    `)
  })
})
