import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { InvalidDocumentError } from '../../../src/core/errors.ts'
import { loadScenarioSync } from '../../../src/schema/index.ts'
import { demoRun, failureOf } from './support.ts'

// The same bad expectation, written in a scenario's YAML and spelled by a
// matcher, must be refused the same way: a coded error with the loader's
// words and fix, never a pass (with or without .not).

const scenarioFile = fileURLToPath(
  new URL('../../../examples/demo-co/scenarios/refund-happy-path.scenario.yaml', import.meta.url),
)
const scenarioText = readFileSync(scenarioFile, 'utf8')

interface BadExpectation {
  name: string
  /** The expectation as a YAML list item under `expectations:`. */
  yaml: string
  /** The same expectation through its matcher(s). */
  matchers: ((run: Awaited<ReturnType<typeof demoRun>>) => unknown)[]
  /** The loader's words, found in both. */
  message: string
}

const bad: BadExpectation[] = [
  {
    name: 'a tool the twin lacks',
    yaml: '  - { id: sent, type: calledTool, tool: send_emial }',
    matchers: [
      (run) => expect(run).toHaveCalledTool('send_emial'),
      (run) => expect(run).not.toHaveCalledTool('send_emial'),
    ],
    message: 'twin `demo-co-support-tools` has no tool `send_emial`',
  },
  {
    name: 'a tool the twin lacks in an order check',
    yaml: '  - { id: order, type: callOrder, before: lookup_order, after: refund_paymnt }',
    matchers: [
      (run) => expect(run).toHaveCalledToolBefore('lookup_order', 'refund_paymnt'),
      (run) => expect(run).not.toHaveCalledToolBefore('lookup_order', 'refund_paymnt'),
    ],
    message: 'twin `demo-co-support-tools` has no tool `refund_paymnt`',
  },
  {
    name: 'a tool the twin lacks in a trajectory step',
    yaml: '  - { id: path, type: trajectory, mode: strict, steps: [{ tool: lookup_order }, { tool: refund_paymnt }] }',
    matchers: [
      (run) => expect(run).toMatchTrajectory(['lookup_order', 'refund_paymnt']),
      (run) => expect(run).not.toMatchTrajectory(['lookup_order', 'refund_paymnt']),
    ],
    message: 'twin `demo-co-support-tools` has no tool `refund_paymnt`',
  },
  {
    name: 'a duplicate check on a tool without an effect key',
    yaml: '  - { id: once, type: noDuplicateSideEffect, tool: lookup_order }',
    matchers: [
      (run) => expect(run).toHaveNoDuplicateSideEffect('lookup_order'),
      (run) => expect(run).not.toHaveNoDuplicateSideEffect('lookup_order'),
    ],
    message:
      'tool `lookup_order` has no `effectKey`, so a duplicate of its effect cannot be recognised',
  },
]

function yamlProblems(item: string): string[] {
  const source = scenarioText.replace('expectations:\n', `expectations:\n${item}\n`)
  try {
    loadScenarioSync(scenarioFile, { source })
  } catch (error) {
    if (error instanceof InvalidDocumentError) return error.problems.map((p) => p.message)
    throw error
  }
  return []
}

describe('an expectation in YAML and through its matcher', () => {
  // The first demo run takes a while on a busy machine.
  it.each(bad)(
    'is refused the same way: $name',
    { timeout: 120_000 },
    async ({ yaml, matchers, message }) => {
      expect(yamlProblems(yaml)).toContain(message)
      const run = await demoRun('refund-happy-path', 'v1.2.4')
      for (const matcher of matchers) {
        const failure = failureOf(() => matcher(run))
        expect(failure.message).toContain(message)
        expect(failure.message).toContain('Fix: ')
      }
    },
  )
})

interface BadKey {
  name: string
  /** The expectation as a YAML list item, with the mistyped field. */
  yaml: string
  /** The same mistake in the matcher's options. */
  matchers: ((run: Awaited<ReturnType<typeof demoRun>>) => unknown)[]
  key: string
  meant: string
}

// A mistyped option must not be dropped (the check would run with its default and could pass).
const badKeys: BadKey[] = [
  {
    name: 'a trajectory mode under a mistyped key',
    yaml: '  - { id: path, type: trajectory, mod: subset, steps: [{ tool: lookup_order }] }',
    matchers: [
      (run) => expect(run).toMatchTrajectory(['lookup_order'], { mod: 'subset' } as never),
      (run) => expect(run).not.toMatchTrajectory(['lookup_order'], { mod: 'subset' } as never),
    ],
    key: 'mod',
    meant: 'mode',
  },
  {
    name: 'a call count under a mistyped key',
    yaml: '  - { id: once, type: calledTool, tool: refund_payment, tims: 1 }',
    matchers: [
      (run) => expect(run).toHaveCalledTool('refund_payment', {}, { tims: 1 } as never),
      (run) => expect(run).not.toHaveCalledTool('refund_payment', {}, { tims: 1 } as never),
    ],
    key: 'tims',
    meant: 'times',
  },
]

describe('an unknown field in YAML and in a matcher option', () => {
  it.each(badKeys)(
    'is refused the same way: $name',
    { timeout: 120_000 },
    async ({ yaml, matchers, key, meant }) => {
      const unknown = `unknown field \`${key}\``
      expect(yamlProblems(yaml).some((message) => message.startsWith(unknown))).toBe(true)
      const run = await demoRun('refund-happy-path', 'v1.2.4')
      for (const matcher of matchers) {
        const failure = failureOf(() => matcher(run))
        expect(failure.message).toContain(unknown)
        expect(failure.message).toContain(`Fix: rename \`${key}\` to \`${meant}\``)
      }
    },
  )
})
