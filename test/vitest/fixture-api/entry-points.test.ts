import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { agents } from '../../../examples/demo-co/agent/index.ts'
import { runCase } from '../../../src/case/run-case.ts'
import { AgentTwinError, InvalidDocumentError } from '../../../src/core/errors.ts'
import { createFaultPolicy, type FaultRuleInput, fault } from '../../../src/faults/index.ts'
import { serveTwin } from '../../../src/public/server.ts'
import { pinCase } from '../../../src/scenario/pin.ts'
import { loadScenarioSync, parseScenario, parseTwin } from '../../../src/schema/index.ts'
import { describeScenario } from '../../../src/vitest/runtime/fixtures/describe-scenario.ts'
import { test } from '../../../src/vitest/runtime/fixtures/test.ts'
import { useTwin } from '../../../src/vitest/runtime/fixtures/use-twin.ts'
import { demoTwinFile, timeoutScenario } from './support.ts'

// Every way a fault rule reaches a twin gets the same bad rules and must answer
// with the same coded problem, located where the rule was written.

const here = fileURLToPath(import.meta.url)
const twinPath = fileURLToPath(new URL(demoTwinFile, import.meta.url))
const twinDocument = parseTwin(readFileSync(twinPath, 'utf8'), twinPath)
const scenarioPath = fileURLToPath(new URL(timeoutScenario, import.meta.url))
const scenarioSource = readFileSync(scenarioPath, 'utf8')

/** The line this is called on, for the rules a test builds in code. */
function lineHere(): number {
  const frame = new Error().stack!.split('\n')[2]!
  return Number(/:(\d+):\d+\)?$/.exec(frame)![1])
}

interface BadRule {
  name: string
  /** The rule as a YAML list item (indented under `faults:`). */
  yaml: string
  /** The same rule in code; a rule built with `fault()` says the line it was written on. */
  code: () => { rule: FaultRuleInput; line?: number }
  expected: { code: string; path: string; message: string; fix: RegExp }
}

const badRules: BadRule[] = [
  {
    name: 'a fault for a tool the twin lacks (builder)',
    yaml: '  - { id: "timeout_after_mutation@send_emial", tool: send_emial, fault: timeout_after_mutation, when: { call: 1 } }',
    code: () => {
      const line = lineHere() + 1
      return { rule: fault('timeout_after_mutation').on('send_emial').at(1), line }
    },
    expected: {
      code: 'AGENTTWIN_INVALID_FAULT_RULE',
      path: 'tool',
      message: 'twin "demo-co-support-tools" has no tool "send_emial"',
      fix: /did you mean "send_customer_email"|use one of the twin's tools/,
    },
  },
  {
    name: 'an unknown fault type',
    yaml: '  - { id: bad, tool: refund_payment, fault: timeout_after_mutaton }',
    code: () => ({ rule: { id: 'bad', tool: 'refund_payment', fault: 'timeout_after_mutaton' } }),
    expected: {
      code: 'AGENTTWIN_UNKNOWN_FAULT_TYPE',
      path: 'fault',
      message: 'unknown fault type "timeout_after_mutaton"',
      fix: /did you mean "timeout_after_mutation"/,
    },
  },
  {
    name: 'a call number of the wrong kind',
    yaml: '  - { id: bad, tool: refund_payment, fault: server_error, when: { call: 0 } }',
    code: () => ({
      rule: { id: 'bad', tool: 'refund_payment', fault: 'server_error', when: { call: 0 } },
    }),
    expected: {
      code: 'AGENTTWIN_INVALID_FAULT_RULE',
      path: 'when.call',
      message: 'call must be a whole number of at least 1, got 0',
      fix: /count from 1/,
    },
  },
  {
    name: 'an unknown key in a rule',
    yaml: '  - { id: bad, tool: refund_payment, fault: server_error, whenn: { call: 1 } }',
    code: () => ({
      rule: {
        id: 'bad',
        tool: 'refund_payment',
        fault: 'server_error',
        whenn: { call: 1 },
      } as never,
    }),
    expected: {
      code: 'AGENTTWIN_INVALID_FAULT_RULE',
      path: 'whenn',
      message: 'unknown field "whenn"',
      fix: /did you mean "when"/,
    },
  },
  {
    name: 'an unknown key in a condition',
    yaml: '  - { id: bad, tool: refund_payment, fault: server_error, when: { cal: 1 } }',
    code: () => ({
      rule: { id: 'bad', tool: 'refund_payment', fault: 'server_error', when: { cal: 1 } } as never,
    }),
    expected: {
      code: 'AGENTTWIN_INVALID_FAULT_RULE',
      path: 'when.cal',
      message: 'unknown field "cal"',
      fix: /did you mean "call"/,
    },
  },
  {
    name: 'a call number given as text',
    yaml: '  - { id: bad, tool: refund_payment, fault: server_error, when: { call: "1" } }',
    code: () => ({
      rule: {
        id: 'bad',
        tool: 'refund_payment',
        fault: 'server_error',
        when: { call: '1' },
      } as never,
    }),
    expected: {
      code: 'AGENTTWIN_INVALID_FAULT_RULE',
      path: 'when.call',
      message: 'call must be a whole number of at least 1, got "1"',
      fix: /count from 1/,
    },
  },
  {
    name: 'a parameter of the wrong type',
    yaml: '  - { id: bad, tool: refund_payment, fault: rate_limited, params: { retryAfterSeconds: soon } }',
    code: () => ({
      rule: {
        id: 'bad',
        tool: 'refund_payment',
        fault: 'rate_limited',
        params: { retryAfterSeconds: 'soon' },
      },
    }),
    expected: {
      code: 'AGENTTWIN_INVALID_FAULT_RULE',
      path: 'params.retryAfterSeconds',
      message: 'retryAfterSeconds must be an integer, got "soon"',
      fix: /retryAfterSeconds/,
    },
  },
]

/** What an entry point said, reduced to what must be the same everywhere. */
interface Said {
  code: string | undefined
  path: string
  message: string
  fix: string
  file: string | undefined
  line: number | undefined
}

function said(error: unknown): Said {
  if (error instanceof InvalidDocumentError) {
    const problem = error.problems.find((item) => item.path.startsWith('faults[0]'))
    if (!problem) throw error
    return {
      code: problem.code,
      path: problem.path.replace(/^faults\[0\]\.?/, ''),
      message: problem.message,
      fix: problem.fix,
      file: problem.file,
      line: problem.line,
    }
  }
  if (!(error instanceof AgentTwinError)) throw error
  const { problems, site } = error as AgentTwinError & {
    problems: { path: string; message: string; fix: string }[]
    site?: { file: string; line: number }
  }
  const [problem] = problems
  return {
    code: error.code,
    path: problem!.path,
    message: problem!.message,
    fix: problem!.fix,
    file: site?.file,
    line: site?.line,
  }
}

async function thrown(run: () => unknown): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('the entry point accepted the rule')
}

function expectSame(found: Said, bad: BadRule, line: number, file = here): void {
  expect(found).toMatchObject({
    code: bad.expected.code,
    path: bad.expected.path,
    message: bad.expected.message,
    file,
    line,
  })
  expect(found.fix).toMatch(bad.expected.fix)
}

/** The scenario document with its fault rules replaced by one rule. */
function withRule(yaml: string): string {
  return scenarioSource.replace(/^faults:\n(?: {2}.*\n)+/m, `faults:\n${yaml}\n`)
}

describe.each(badRules)('$name', (bad) => {
  test('scenario YAML (loadScenario, the plugin, describeScenario, the CLI)', () => {
    const source = withRule(bad.yaml)
    const line = source.split('\n').indexOf(bad.yaml) + 1
    const error = (() => {
      try {
        loadScenarioSync(scenarioPath, { source })
      } catch (caught) {
        return caught
      }
    })()
    expectSame(said(error), bad, line, scenarioPath)
    expect(() => parseScenario(source, scenarioPath, { twin: twinDocument })).toThrow(
      InvalidDocumentError,
    )
  })

  const policyOptions = {
    seed: 0,
    toolNames: twinDocument.tools.map((tool) => tool.name),
    twinName: twinDocument.metadata.name,
  }

  // A plain-object rule is located at the call that handed it over; a built one where it was built.
  test('createFaultPolicy with the twin', async () => {
    const { rule, line } = bad.code()
    const call = lineHere() + 1
    const error = await thrown(() => createFaultPolicy([rule], policyOptions))
    expectSame(said(error), bad, line ?? call)
  })

  test('serveTwin(document, { faults })', async () => {
    const { rule, line } = bad.code()
    const call = lineHere() + 1
    const error = await thrown(() => serveTwin(twinDocument, { faults: [rule] }))
    expectSame(said(error), bad, line ?? call)
  })

  test('runCase(pinned, agent, { faults })', async () => {
    const pinned = pinCase(loadScenarioSync(scenarioPath))
    const { rule, line } = bad.code()
    const call = lineHere() + 1
    const error = await thrown(() => runCase(pinned, agents['v1.2.4']!, { faults: [rule] }))
    expectSame(said(error), bad, line ?? call)
  })

  describeScenario(timeoutScenario, () => {
    test('run(agent, { faults }) inside describeScenario', async ({ run }) => {
      const { rule, line } = bad.code()
      const call = lineHere() + 1
      const error = await thrown(() => run(agents['v1.2.4']!, { faults: [rule] }))
      expectSame(said(error), bad, line ?? call)
    })
  })

  describe('useTwin(definition, { faults })', () => {
    const { rule, line } = bad.code()
    let error: unknown
    const call = lineHere() + 2
    try {
      useTwin(demoTwinFile, { faults: [rule] })
    } catch (caught) {
      error = caught
    }
    test('fails at collection with the problem', () => {
      expectSame(said(error), bad, line ?? call)
    })
  })

  describe('twin.addFaults(rule) in a test', () => {
    const twin = useTwin(demoTwinFile)
    test('fails where it is called', async () => {
      const { rule, line } = bad.code()
      const call = lineHere() + 1
      const error = await thrown(() => twin.addFaults(rule))
      expectSame(said(error), bad, line ?? call)
    })
  })
})
