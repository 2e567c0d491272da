import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import '../../../src/public/vitest-setup.ts'
import { InvalidDocumentError } from '../../../src/core/errors.ts'
import { loadScenarioSync } from '../../../src/schema/index.ts'
import { normaliseText } from '../../support/normalise-text.ts'
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

function yamlProblems(item: string): Array<{ message: string; fix?: string }> {
  const source = scenarioText.replace('expectations:\n', `expectations:\n${item}\n`)
  try {
    loadScenarioSync(scenarioFile, { source })
  } catch (error) {
    if (error instanceof InvalidDocumentError) return error.problems
    throw error
  }
  return []
}

/** The loader's words for the item in YAML, and each matcher's failure message, as a reader sees them. */
async function refusals(
  yaml: string,
  matchers: ((run: Awaited<ReturnType<typeof demoRun>>) => unknown)[],
): Promise<{ yaml: string[]; matchers: string[] }> {
  const run = await demoRun('refund-happy-path', 'v1.2.4')
  return {
    yaml: yamlProblems(yaml).map((problem) => `${problem.message}. Fix: ${problem.fix}.`),
    matchers: matchers.map((matcher) => normaliseText(failureOf(() => matcher(run)).message)),
  }
}

describe('an expectation in YAML and through its matcher', () => {
  // The first demo run takes a while on a busy machine.
  it.each(bad)(
    'is refused the same way: $name',
    { timeout: 120_000 },
    async ({ yaml, matchers, message }) => {
      const seen = await refusals(yaml, matchers)
      expect(seen.yaml).toHaveLength(1)
      expect(seen.yaml[0]).toMatch(new RegExp(`^${escapeRegExp(message)}\\. Fix: `))
      // The matcher says the loader's words and fix, behind its name and the argument.
      for (const said of seen.matchers) expect(said).toMatch(/^to\w+: [\w.[\]]+: /)
      expect(seen.matchers.map((said) => said.replace(/^[^:]+: [^:]+: /, ''))).toEqual(
        seen.matchers.map(() => seen.yaml[0]),
      )
    },
  )

  it('says it in full', { timeout: 120_000 }, async () => {
    const seen = []
    for (const { name, yaml, matchers } of bad)
      seen.push({ name, ...(await refusals(yaml, matchers)) })
    expect(seen).toMatchInlineSnapshot(`
      [
        {
          "matchers": [
            "toHaveCalledTool: tool: twin \`demo-co-support-tools\` has no tool \`send_emial\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\`.",
            "toHaveCalledTool: tool: twin \`demo-co-support-tools\` has no tool \`send_emial\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\`.",
          ],
          "name": "a tool the twin lacks",
          "yaml": [
            "twin \`demo-co-support-tools\` has no tool \`send_emial\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\`.",
          ],
        },
        {
          "matchers": [
            "toHaveCalledToolBefore: after: twin \`demo-co-support-tools\` has no tool \`refund_paymnt\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`refund_payment\`?).",
            "toHaveCalledToolBefore: after: twin \`demo-co-support-tools\` has no tool \`refund_paymnt\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`refund_payment\`?).",
          ],
          "name": "a tool the twin lacks in an order check",
          "yaml": [
            "twin \`demo-co-support-tools\` has no tool \`refund_paymnt\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`refund_payment\`?).",
          ],
        },
        {
          "matchers": [
            "toMatchTrajectory: steps[1].tool: twin \`demo-co-support-tools\` has no tool \`refund_paymnt\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`refund_payment\`?).",
            "toMatchTrajectory: steps[1].tool: twin \`demo-co-support-tools\` has no tool \`refund_paymnt\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`refund_payment\`?).",
          ],
          "name": "a tool the twin lacks in a trajectory step",
          "yaml": [
            "twin \`demo-co-support-tools\` has no tool \`refund_paymnt\`. Fix: use one of \`lookup_order\`, \`get_refund_policy\`, \`refund_payment\`, \`send_customer_email\` and \`handoff_to_human\` (did you mean \`refund_payment\`?).",
          ],
        },
        {
          "matchers": [
            "toHaveNoDuplicateSideEffect: tool: tool \`lookup_order\` has no \`effectKey\`, so a duplicate of its effect cannot be recognised. Fix: give the tool an \`effectKey\` in the twin (e.g. \`effectKey: "refund:{order_id}"\`).",
            "toHaveNoDuplicateSideEffect: tool: tool \`lookup_order\` has no \`effectKey\`, so a duplicate of its effect cannot be recognised. Fix: give the tool an \`effectKey\` in the twin (e.g. \`effectKey: "refund:{order_id}"\`).",
          ],
          "name": "a duplicate check on a tool without an effect key",
          "yaml": [
            "tool \`lookup_order\` has no \`effectKey\`, so a duplicate of its effect cannot be recognised. Fix: give the tool an \`effectKey\` in the twin (e.g. \`effectKey: "refund:{order_id}"\`).",
          ],
        },
      ]
    `)
  })
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
      const seen = await refusals(yaml, matchers)
      const unknown = `unknown field \`${key}\`; allowed here: `
      const fix = `. Fix: rename \`${key}\` to \`${meant}\` (did you mean \`${meant}\`?).`
      expect(seen.yaml).toEqual([expect.stringMatching(new RegExp(`^${escapeRegExp(unknown)}`))])
      expect(seen.yaml[0]?.endsWith(fix)).toBe(true)
      // The same words and fix; the fields allowed are the matcher's options.
      for (const said of seen.matchers) {
        expect(said).toMatch(new RegExp(`^to\\w+: options: ${escapeRegExp(unknown)}`))
        expect(said.endsWith(fix)).toBe(true)
      }
    },
  )

  it('says it in full', { timeout: 120_000 }, async () => {
    const seen = []
    for (const { name, yaml, matchers } of badKeys) {
      seen.push({ name, ...(await refusals(yaml, matchers)) })
    }
    expect(seen).toMatchInlineSnapshot(`
      [
        {
          "matchers": [
            "toMatchTrajectory: options: unknown field \`mod\`; allowed here: \`mode\` and \`argsMode\`. Fix: rename \`mod\` to \`mode\` (did you mean \`mode\`?).",
            "toMatchTrajectory: options: unknown field \`mod\`; allowed here: \`mode\` and \`argsMode\`. Fix: rename \`mod\` to \`mode\` (did you mean \`mode\`?).",
          ],
          "name": "a trajectory mode under a mistyped key",
          "yaml": [
            "unknown field \`mod\`; allowed here: \`type\`, \`id\`, \`description\`, \`critical\`, \`turn\`, \`turns\`, \`actor\`, \`mode\`, \`steps\` and \`argsMode\`. Fix: rename \`mod\` to \`mode\` (did you mean \`mode\`?).",
          ],
        },
        {
          "matchers": [
            "toHaveCalledTool: options: unknown field \`tims\`; allowed here: \`argsMode\` and \`times\`. Fix: rename \`tims\` to \`times\` (did you mean \`times\`?).",
            "toHaveCalledTool: options: unknown field \`tims\`; allowed here: \`argsMode\` and \`times\`. Fix: rename \`tims\` to \`times\` (did you mean \`times\`?).",
          ],
          "name": "a call count under a mistyped key",
          "yaml": [
            "unknown field \`tims\`; allowed here: \`type\`, \`id\`, \`description\`, \`critical\`, \`turn\`, \`turns\`, \`actor\`, \`tool\`, \`args\`, \`argsMode\` and \`times\`. Fix: rename \`tims\` to \`times\` (did you mean \`times\`?).",
          ],
        },
      ]
    `)
  })
})

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
