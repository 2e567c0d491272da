import { describe, expect, it } from 'vitest'
import { runCase } from '../../src/case/index.ts'
import { judgeTraffic } from '../../src/case/judge-traffic.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { InvalidModelsOptionError, type ModelsOptions } from '../../src/models/index.ts'
import type { Agent } from '../../src/scenario/types.ts'
import { resolveSuiteOptions } from '../../src/vitest/node/resolve-options.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'

const pinned = pinnedDemoScenarios().get('order-status-question')!
const agent: Agent = {
  name: 'quiet',
  version: '1',
  async run() {
    return { reply: 'ok', outcome: 'SUCCESS' }
  },
}

/** Every entry point a `models` option reaches, each given the same option. */
const entryPoints: Array<[string, (models: ModelsOptions) => Promise<unknown>]> = [
  ['the plugin options', async (models) => resolveSuiteOptions({ models }, '/project')],
  ['runCase and run(agent, { models })', (models) => runCase(pinned, agent, { models })],
  [
    'the judge traffic',
    async (models) =>
      judgeTraffic({ scenario: pinned.scenario, agent } as unknown as CaseRun, models),
  ],
]

const bad: Array<[string, ModelsOptions, string]> = [
  [
    'a keep that is not a list',
    { keep: 'session_id' as never },
    'models.keep is "session_id", not a list of field names or paths.',
  ],
  ['an empty redact entry', { redact: [''] }, 'models.redact[0] ("") is empty.'],
  [
    'a redact entry that is no string',
    { redact: [5 as never] },
    'models.redact[0] (5) is not a string.',
  ],
  [
    'a volatile path with an empty segment',
    { volatile: ['metadata..id'] },
    'models.volatile[0] ("metadata..id") has an empty segment.',
  ],
  [
    'a field both redacted and kept',
    { redact: ['session_id'], keep: ['sessionId'] },
    'models: "session_id" is in both redact and keep.',
  ],
]

describe.each(entryPoints)('the models option through %s', (_entry, enter) => {
  it.each(bad)('refuses %s with the same coded error', async (_what, models, problem) => {
    const failure = await enter(models).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(InvalidModelsOptionError)
    expect((failure as InvalidModelsOptionError).code).toBe('AGENTTWIN_INVALID_MODELS_OPTION')
    expect((failure as Error).message.startsWith(problem)).toBe(true)
  })

  it('words every refusal the same, what is wrong and how to fix it', async () => {
    const messages: string[] = []
    for (const [, models] of bad) {
      await enter(models).catch((error: Error) => messages.push(error.message))
    }
    expect(messages).toMatchInlineSnapshot(`
      [
        "models.keep is "session_id", not a list of field names or paths. Fix: give a list, e.g. keep: ['session_id'].",
        "models.redact[0] ("") is empty. Fix: name a field (\`session_id\`) or a body path from the root (\`metadata.note\`, \`messages.*.name\`), e.g. redact: ['customer_note', 'metadata.order_ref'].",
        "models.redact[0] (5) is not a string. Fix: name a field (\`session_id\`) or a body path from the root (\`metadata.note\`, \`messages.*.name\`), e.g. redact: ['customer_note', 'metadata.order_ref'].",
        "models.volatile[0] ("metadata..id") has an empty segment. Fix: name a field (\`session_id\`) or a body path from the root (\`metadata.note\`, \`messages.*.name\`), e.g. volatile: ['user', 'metadata.request_id'].",
        "models: "session_id" is in both redact and keep. Fix: keep a field or redact it, not both: remove it from one of the lists.",
      ]
    `)
  })

  it('takes a good redact and keep', async () => {
    await expect(
      enter({ redact: ['customer_note', 'messages.*.name'], keep: ['session_id'] }),
    ).resolves.toBeDefined()
  })
})
