import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { agents } from '../../../examples/demo-co/agent/index.ts'
import { InvalidDocumentError, NotJsonError } from '../../../src/core/errors.ts'
import type { JsonObject } from '../../../src/core/json.ts'
import { fault, UnknownFaultTypeError } from '../../../src/faults/index.ts'
import { parseTwin } from '../../../src/schema/index.ts'
import type { TwinDocument } from '../../../src/schema/twin-document.ts'
import { describeScenario } from '../../../src/vitest/runtime/fixtures/describe-scenario.ts'
import {
  TwinOutsideTestError,
  UseTwinInsideTestError,
} from '../../../src/vitest/runtime/fixtures/errors.ts'
import { test } from '../../../src/vitest/runtime/fixtures/test.ts'
import { useTwin } from '../../../src/vitest/runtime/fixtures/use-twin.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { demoTwinFile, happyScenario } from './support.ts'

const input = {
  message:
    'Hi, the stoneware mug set from order ORD-1001 arrived broken. Could you refund 40 USD, please?',
  customer_id: 'CUS-501',
}
const twinPath = fileURLToPath(new URL(demoTwinFile, import.meta.url))
const demoDocument = parseTwin(readFileSync(twinPath, 'utf8'), twinPath)

describe('useTwin with faults in code', () => {
  const twin = useTwin(demoTwinFile, {
    faults: [fault('timeout_after_mutation').on('refund_payment').at(1)],
  })

  test('serves the fault to the agent and turns the records into a CaseRun for the matchers', async () => {
    const result = await agents['v1.3.0']!.run(input, {
      baseUrl: twin.baseUrl,
      signal: AbortSignal.timeout(10_000),
    })
    const run = twin.caseRun(result, { agent: { name: 'demo', version: '1.3.0' }, input })
    expect(run.scenario).toMatchObject({
      id: 'serves the fault to the agent and turns the records into a CaseRun for the matchers',
      title: 'useTwin(demo-co-support-tools)',
    })
    expect(run.records.map((record) => record.fault?.type ?? null)).toEqual([
      null,
      'timeout_after_mutation',
      null,
      null,
    ])
    expect(run).toHaveStateAt('orders.ORD-1001.refund_count', 2)
    expect(run).not.toBeBackedByState('orders.ORD-1001.refunded_amount', 40)
    expect(run).toHaveCalledTool('send_customer_email')
  })

  test('gives every test a fresh twin', () => {
    expect(twin.records()).toEqual([])
    expect(twin.state()).toEqual(twin.initialState())
  })

  test('caseRun without an agent result checks state but has no claim to verify', () => {
    const run = twin.caseRun()
    expect(run.finished).toBe(true)
    expect(run).toHaveStateAt('orders.ORD-1001.refund_count', 0)
    expect(() => expect(run).toHaveVerifiedOutcome()).toThrowError(
      'Cannot evaluate: the case has no agent result, so there is no claim to check.',
    )
  })

  test('a malformed agent result makes an unfinished case', () => {
    const run = twin.caseRun({ reply: 'done', outcome: 'DONE' } as never)
    expect(run.finished).toBe(false)
    expect(normaliseText(run.error?.message ?? '')).toMatchInlineSnapshot(
      `"the result handed to caseRun() is malformed: outcome must be one of SUCCESS, PARTIAL, FAILURE when given (or left out to read it from the reply), got "DONE"."`,
    )
  })
})

describe('useTwin with state and a document object', () => {
  const twin = useTwin(demoDocument, {
    state: { orders: { 'ORD-1001': { refund_count: 3 } } },
  })

  test('merges the state over the fixtures', () => {
    expect(twin.name).toBe('demo-co-support-tools')
    expect(twin.state()).toMatchObject({
      orders: { 'ORD-1001': { refund_count: 3, refunded_amount: 0 } },
    })
  })

  test('adds faults in a test for the calls that follow', async () => {
    twin.addFaults(fault('server_error').on('lookup_order').at(1))
    const result = await agents['v1.2.4']!.run(input, {
      baseUrl: twin.baseUrl,
      signal: AbortSignal.timeout(10_000),
    })
    expect(twin.records()[0]).toMatchObject({ tool: 'lookup_order', status: 500 })
    expect(twin.caseRun(result)).not.toHaveCalledTool('refund_payment')
  })
})

describe('useTwin: faults added later leave earlier rules as they were', () => {
  const twin = useTwin(demoDocument, {
    faults: [fault('server_error').on('lookup_order').times(1)],
  })

  test('a rule that has used up times(1) does not fire again after addFaults', async () => {
    const lookup = () =>
      fetch(`${twin.baseUrl}/tools/lookup_order`, {
        method: 'POST',
        body: JSON.stringify({ order_id: 'ORD-1001' }),
      }).then((response) => response.status)
    expect(await lookup()).toBe(500)
    expect(await lookup()).toBe(200)
    twin.addFaults(fault('server_error').on('send_customer_email'))
    expect(await lookup()).toBe(200)
  })
})

describe('useTwin misuse', () => {
  const thrown = (act: () => unknown): unknown => {
    try {
      act()
    } catch (error) {
      return error
    }
    return undefined
  }
  // Collection time: the block's tests have not started, so no twin is live yet.
  const handle = useTwin(demoTwinFile)
  const readOutsideTest = thrown(() => handle.state())
  const unknownFault = thrown(() =>
    useTwin(demoTwinFile, {
      faults: [{ id: 'x', tool: 'refund_payment', fault: 'no_such_fault' }],
    }),
  )
  const invalidDocument = thrown(() => useTwin({ ...demoDocument, tools: [] } as never))
  const cyclic: Record<string, unknown> = { ...demoDocument }
  cyclic.self = cyclic
  const notJson = thrown(() => useTwin(cyclic as never))

  test('a handle read outside a test says where it works', () => {
    expect(readOutsideTest).toBeInstanceOf(TwinOutsideTestError)
    expect(normaliseText((readOutsideTest as Error).message)).toMatchInlineSnapshot(
      `"twin "demo-co-support-tools": twin.state() is only available while a test of the describe block that called useTwin(...) runs (each test has its own twin). Fix: read it inside the test (not in beforeAll/afterAll or at collection time)."`,
    )
    expect(handle.state()).toEqual(handle.initialState())
  })

  test('useTwin inside a test is refused', () => {
    expect(() => useTwin(demoTwinFile)).toThrowError(UseTwinInsideTestError)
  })

  test('a fault rule of an unknown type fails where it is written', () => {
    expect(unknownFault).toBeInstanceOf(UnknownFaultTypeError)
  })

  test('an object with no JSON form is refused by name, not with a stack from inside', () => {
    expect(notJson).toBeInstanceOf(NotJsonError)
    expect((notJson as Error).message).toMatch(
      /^Value at "useTwin\(demo-co-support-tools\)" is not JSON: /,
    )
  })

  test('an invalid document object is refused with its problems', () => {
    expect(invalidDocument).toBeInstanceOf(InvalidDocumentError)
    // Located at the useTwin call that passed the object, with the field inside it.
    expect(
      (invalidDocument as Error).message.replace(
        /^.*use-twin\.test\.ts:\d+:\d+/m,
        '<this file>:<line>:<col>',
      ),
    ).toMatchInlineSnapshot(`
      "1 problem:
      <this file>:<line>:<col> useTwin(demo-co-support-tools): \`tools\` is empty or too short: it needs at least 1 item(s) at tools. Fix: add at least 1 item(s)"
    `)
    expect((invalidDocument as InvalidDocumentError).problems[0]).toMatchObject({
      file: fileURLToPath(import.meta.url),
    })
  })
})

describeScenario(happyScenario, () => {
  const twin = useTwin(demoTwinFile)
  test('useTwin inside describeScenario takes the scenario identity and input', () => {
    const run = twin.caseRun()
    expect(run.scenario.id).toBe('refund-happy-path')
    expect(run.input).toMatchObject({ customer_id: 'CUS-501' })
  })
})

// A case run names its twin and its stand-in scenario by digests of what
// defines them: the same for every test of a block, different where the
// definition differs, and the twin's the same as a pinned scenario's.
const identities = new Map<string, { scenario: string; twin: string }>()

function identityBlock(name: string, state?: JsonObject): void {
  describe(name, () => {
    const twin = useTwin(demoTwinFile, state ? { state } : {})
    for (const which of ['first', 'second']) {
      test(`${which} test`, () => {
        const run = twin.caseRun()
        identities.set(`${name} ${which}`, { scenario: run.scenario.digest, twin: run.twin.digest })
      })
    }
  })
}

identityBlock('identity: fixtures')
identityBlock('identity: fixtures again')
identityBlock('identity: another state', { orders: { 'ORD-1001': { status: 'shipped' } } })

describeScenario(happyScenario, () => {
  test('identities: one per definition, the twin digested as when pinned', ({ scenario }) => {
    const id = (key: string) => identities.get(key)!
    expect(id('identity: fixtures first')).toEqual(id('identity: fixtures second'))
    expect(id('identity: fixtures first')).toEqual(id('identity: fixtures again second'))
    expect(id('identity: another state first')).toEqual(id('identity: another state second'))
    expect(id('identity: another state first').scenario).not.toBe(
      id('identity: fixtures first').scenario,
    )
    expect(id('identity: another state first').twin).toBe(scenario.twin.digest)
  })
})

// Blocks that name one twin file share one frozen document: read, checked,
// digested and compiled once a file. A document given as a value is frozen too.
const definitions: TwinDocument[] = []

for (const name of ['shared definition: first block', 'shared definition: second block']) {
  describe(name, () => {
    const twin = useTwin(demoTwinFile)
    test('reads the definition', () => {
      definitions.push(twin.definition)
    })
  })
}

describe('a definition given as a value', () => {
  const twin = useTwin(demoDocument)
  test('is frozen all through, and the same for every block that names the file', () => {
    expect(definitions).toHaveLength(2)
    expect(definitions[0]).toBe(definitions[1])
    expect(Object.isFrozen(definitions[0]!.tools[0]!.input)).toBe(true)
    expect(() => {
      ;(definitions[0]!.metadata as { name: string }).name = 'changed'
    }).toThrow(TypeError)
    expect(Object.isFrozen(twin.definition.tools[0]!.input)).toBe(true)
    expect(twin.definition).not.toBe(demoDocument)
    expect(Object.isFrozen(demoDocument)).toBe(false)
  })
})

// A callback a test leaves behind runs in that test's async context after it
// ended: it finds no twin, and the context keeps none alive.
describe('a callback left behind by a test', () => {
  const twin = useTwin(demoTwinFile)
  let late: Promise<unknown> | undefined

  test('leaves a timer that reads the twin', () => {
    late = new Promise((resolve) => {
      setTimeout(() => {
        try {
          resolve(twin.state())
        } catch (error) {
          resolve(error)
        }
      }, 50)
    })
  })

  test('its read fails once that test has ended', async () => {
    expect(await late).toBeInstanceOf(TwinOutsideTestError)
  })
})
