import { describe, expect, it } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { runCase } from '../../../src/case/run-case.ts'
import { agentTwinMatchers } from '../../../src/vitest/runtime/matchers/all-matchers.ts'
import { NotACaseRunError } from '../../../src/vitest/runtime/matchers/errors.ts'
import { demoRun, demoScenario } from './support.ts'

describe('a value that is not a CaseRun', () => {
  it('fails every matcher with what to pass instead, with or without .not', () => {
    const claim = { reply: 'Refunded!', outcome: 'SUCCESS' }
    expect(() => expect(claim).toHaveStateAt('orders.ORD-1001.refund_count', 1)).toThrowError(
      "toHaveStateAt checks a CaseRun, but received the agent's own result (testimony: it holds no records or state; pass the CaseRun). " +
        'Fix: pass what `run(agent)` (describeScenario), `runCase(pinned, agent)` or `twin.caseRun(result)` (useTwin) returns, e.g. `expect(await run(agent)).toHaveStateAt(...)`.',
    )
    expect(() => expect(claim).not.toHaveCalledTool('refund_payment')).toThrowError(
      NotACaseRunError,
    )
    expect(() => expect(undefined).toHaveHandedOff()).toThrowError('but received undefined')
  })

  // It runs the demo case: slow on a busy machine.
  it('names a forgotten await', { timeout: 120_000 }, async () => {
    const pending = demoRun('refund-happy-path', 'v1.2.4')
    expect(() => expect(pending).toHaveVerifiedOutcome()).toThrowError(
      'received a Promise (did you forget `await` before run(agent)?)',
    )
    await expect(expect(pending).toPassJudge('anything')).rejects.toThrowError(NotACaseRunError)
    await pending
  })

  it('is refused by every matcher', async () => {
    const messages = new Map<string, string>()
    for (const [name, matcher] of Object.entries(agentTwinMatchers)) {
      const call = () =>
        (matcher as (this: unknown, received: unknown, ...args: unknown[]) => unknown).call(
          { isNot: false },
          { schema: 'agenttwin/case-run.v0' },
          'orders.ORD-1001',
          'ORD-1001',
        )
      const thrown = await (async () => {
        try {
          await call()
        } catch (error) {
          return error
        }
      })()
      expect(thrown, name).toBeInstanceOf(NotACaseRunError)
      messages.set(name, (thrown as Error).message)
    }
    const one = messages.get('toHaveStateAt') ?? ''
    expect(one).toMatchInlineSnapshot(
      `"toHaveStateAt checks a CaseRun, but received an object with schema "agenttwin/case-run.v0". Fix: pass what \`run(agent)\` (describeScenario), \`runCase(pinned, agent)\` or \`twin.caseRun(result)\` (useTwin) returns, e.g. \`expect(await run(agent)).toHaveStateAt(...)\`."`,
    )
    // Every matcher says the same, under its own name.
    for (const [name, message] of messages) {
      expect(message, name).toBe(one.replaceAll('toHaveStateAt', name))
    }
  })
})

describe('a case that did not finish', () => {
  it('fails every check, with or without .not: a fragment proves nothing', async () => {
    const crashed = await runCase(demoScenario('refund-happy-path'), {
      name: 'crashing-agent',
      version: '0.0.1',
      async run(_input, { baseUrl }) {
        await fetch(`${baseUrl}/tools/lookup_order`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ order_id: 'ORD-1001' }),
        })
        throw new Error('the planner crashed')
      },
    })
    expect(crashed.finished).toBe(false)
    const checks: Array<() => void> = [
      () => expect(crashed).toHaveStateAt('orders.ORD-1001.refund_count', 0),
      () => expect(crashed).not.toHaveStateAt('orders.ORD-1001.refund_count', 0),
      () => expect(crashed).not.toHaveCalledTool('refund_payment'),
      () => expect(crashed).toHaveNoDuplicateSideEffect(),
      () => expect(crashed).not.toHaveHandedOff(),
    ]
    for (const check of checks) {
      expect(check).toThrowError(
        'Cannot evaluate: the case did not finish (threw: crashing-agent@0.0.1 threw Error: the planner crashed).',
      )
    }
  })
})
