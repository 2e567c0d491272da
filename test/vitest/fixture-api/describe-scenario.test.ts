import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { agents } from '../../../examples/demo-co/agent/index.ts'
import { InvalidDocumentError } from '../../../src/core/errors.ts'
import { fault } from '../../../src/faults/index.ts'
import { createInterception } from '../../../src/public/msw.ts'
import { describeScenario } from '../../../src/vitest/runtime/fixtures/describe-scenario.ts'
import { test } from '../../../src/vitest/runtime/fixtures/test.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { timeoutScenario } from './support.ts'

const fetchBeforeAnyBlock = globalThis.fetch

describeScenario(timeoutScenario, () => {
  test('v1.2.4 looks the order up after the timeout and refunds once', async ({ run }) => {
    const result = await run(agents['v1.2.4']!)
    expect(result.agent.version).toBe('1.2.4')
    expect(result).toBeBackedByState('orders.ORD-1001.refund_count', 1)
    expect(result).toHaveNoDuplicateSideEffect('refund_payment')
    expect(result).toHaveCalledToolBefore('get_refund_policy', 'refund_payment')
  })

  test('v1.3.0 retries blindly and refunds twice', async ({ run }) => {
    const result = await run(agents['v1.3.0']!)
    expect(result).toHaveStateAt('orders.ORD-1001.refund_count', 2)
    expect(result).not.toHaveNoDuplicateSideEffect('refund_payment')
    expect(result).not.toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
  })

  test('every run starts from a fresh twin', async ({ run }) => {
    const first = await run(agents['v1.3.0']!)
    const second = await run(agents['v1.3.0']!)
    expect(second.initialState).toEqual(first.initialState)
    expect(second.records.map((record) => record.seq)).toEqual(
      first.records.map((record) => record.seq),
    )
    expect(second.finalState).toEqual(first.finalState)
  })

  test('the scenario fixture is the pinned scenario, resolved from this test file', ({
    scenario,
  }) => {
    expect(scenario.scenario.id).toBe('refund-timeout-after-mutation')
    expect(scenario.scenario.file).toBe(fileURLToPath(new URL(timeoutScenario, import.meta.url)))
    expect(scenario.seed).toBe(1002)
    expect(Object.isFrozen(scenario.document)).toBe(true)
  })

  test('run takes extra faults in code, after the scenario rules', async ({ run }) => {
    const result = await run(agents['v1.2.4']!, {
      faults: [fault('server_error').on('send_customer_email').at(1)],
    })
    const email = result.records.find((record) => record.tool === 'send_customer_email')
    expect(email?.fault?.type).toBe('server_error')
    expect(result.records.find((record) => record.tool === 'refund_payment')?.fault?.type).toBe(
      'timeout_after_mutation',
    )
  })

  test('the twin fixture serves the scenario state and faults to an agent driven by hand', async ({
    twin,
  }) => {
    expect(twin.name).toBe('demo-co-support-tools')
    const result = await agents['v1.3.0']!.run(
      { message: 'Please refund 40 USD for the mug set of ORD-1001.', customer_id: 'CUS-501' },
      { baseUrl: twin.baseUrl, signal: AbortSignal.timeout(10_000) },
    )
    const run = twin.caseRun(result, { agent: { name: 'demo', version: '1.3.0' } })
    expect(run.scenario.id).toBe('refund-timeout-after-mutation')
    expect(run.seed).toBe(1002)
    expect(run.records[1]?.fault?.type).toBe('timeout_after_mutation')
    expect(run).toHaveStateAt('orders.ORD-1001.refund_count', 2)
    expect(run).toHaveRetriedAtMost('refund_payment', 1)
  })
})

describe('a fixture outside describeScenario', () => {
  const refusal =
    'The `run` fixture of test "fails the test, saying what to wrap it in" needs a scenario, but the test is not inside describeScenario(...). ' +
    "Fix: wrap the test in describeScenario('path/to/x.scenario.yaml', () => { ... }), or use useTwin(...) for a twin without a scenario."

  // `test.fails` passes on any failure: only the refusal with this message may count as one.
  afterEach(({ task }) => {
    const message = task.result?.errors?.[0]?.message
    if (message === refusal) return
    // Any other outcome is reported as it is: the runner flips a result only for `fails` tests.
    const asRun: { fails?: boolean } = task
    asRun.fails = false
    expect(message).toBe(refusal)
  })

  test.fails('fails the test, saying what to wrap it in', async ({ run }) => {
    await run(agents['v1.2.4']!)
  })
})

describe('after a describeScenario block', () => {
  test('nothing is left patched: the fetch is the original, and a new interception can start', () => {
    expect(globalThis.fetch).toBe(fetchBeforeAnyBlock)
    createInterception().dispose()
  })
})

describe('a scenario file that cannot be loaded', () => {
  let thrown: unknown
  try {
    describeScenario('scenarios/no-such.scenario.yaml', () => {})
  } catch (error) {
    thrown = error
  }

  test('fails at collection, naming the file resolved from the test file', () => {
    expect(thrown).toBeInstanceOf(InvalidDocumentError)
    expect(normaliseText((thrown as Error).message)).toMatchInlineSnapshot(`
      "1 problem:
      <repo>/test/vitest/fixture-api/scenarios/no-such.scenario.yaml:1:1 the file does not exist. Fix: check the path and the working directory"
    `)
  })
})
