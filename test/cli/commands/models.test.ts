import { afterEach, describe, expect, it, vi } from 'vitest'
import { createDiffCommand } from '../../../src/cli/commands/diff.ts'
import { createRunCommand } from '../../../src/cli/commands/run.ts'
import type { CaseRun } from '../../../src/core/case-run.ts'
import { normaliseText } from '../../support/normalise-text.ts'
import { capture } from './support/capture.ts'

const run = createRunCommand({ env: {}, color: false })
const diff = createDiffCommand({ env: {}, color: false })
const SCENARIO = 'examples/llm-agent/scenarios/order-status.scenario.yaml'
const AGENT = 'examples/llm-agent/agent/index.ts'
// The example's committed cassettes and the model server they were recorded against.
const TRAFFIC = [
  '--model-hosts',
  'http://127.0.0.1:4010/v1',
  '--cassettes',
  'examples/llm-agent/cassettes',
]

async function runJson(args: string[]): Promise<{ code: number; run: CaseRun }> {
  const { code, stdout, stderr } = await capture(run, [
    SCENARIO,
    '--agent',
    AGENT,
    '--version',
    'v1',
    '--json',
    ...TRAFFIC,
    ...args,
  ])
  expect(stderr).toBe('')
  return { code, run: (JSON.parse(stdout) as { run: CaseRun }).run }
}

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('--models', { timeout: 60_000 }, () => {
  it('replays the committed cassette with no model server: llm replayed, exit 0', async () => {
    const { code, run: replayed } = await runJson(['--models', 'replay'])
    expect(replayed.error).toBeUndefined()
    expect(replayed.llm).toBe('replayed')
    expect(replayed.models?.calls.map((call) => call.replayed)).toEqual([true, true])
    expect(code).toBe(0)
  })

  it('wins over AGENTTWIN_MODELS, which wins over the default', async () => {
    vi.stubEnv('AGENTTWIN_MODELS', 'off')
    vi.stubEnv('CI', '')
    const refused = await runJson([])
    expect(refused.code).toBe(1)
    expect(refused.run.error?.kind).toBe('model-cassette')
    expect(normaliseText(refused.run.error?.message ?? '')).toMatchInlineSnapshot(
      `"Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) was refused: model traffic is off. Fix: set AGENTTWIN_MODELS=replay (or auto) to answer it from <repo>/examples/llm-agent/cassettes/llm-order-status/llm-support@v1.cassette.json."`,
    )
    const replayed = await runJson(['--models', 'replay'])
    expect(replayed.run.llm).toBe('replayed')
  })

  it('defaults to replay under CI: a request the cassette lacks is an ERROR, not a live call', async () => {
    vi.stubEnv('AGENTTWIN_MODELS', '')
    vi.stubEnv('CI', 'true')
    const { code, run: missed } = await runJson(['--cassettes', 'examples/llm-agent/no-cassettes'])
    expect(code).toBe(1)
    // The cassettes were missing: the label says so, never "replayed".
    expect(missed.llm).toBe('missing')
    expect(normaliseText(missed.error?.message ?? '')).toMatchInlineSnapshot(
      `"Model request 1 of case "llm-order-status" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <repo>/examples/llm-agent/no-cassettes/llm-order-status/llm-support@v1.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <repo>/examples/llm-agent/scenarios/order-status.scenario.yaml"`,
    )
  })

  it('names a mode that is not one, before any case runs', async () => {
    const { code, stderr } = await capture(run, [
      SCENARIO,
      '--agent',
      AGENT,
      '--version',
      'v1',
      '--models',
      'replya',
    ])
    expect(code).toBe(2)
    expect(normaliseText(stderr)).toMatchInlineSnapshot(`
      "agenttwin run: --models is "replya", which is not a model mode. Fix: use one of live, record, replay, auto, off. [AGENTTWIN_MODEL_MODE]
      "
    `)
  })

  it('agenttwin diff takes it too: the pair compared from cassettes', async () => {
    const { code, stdout } = await capture(diff, [
      SCENARIO,
      '--agent',
      AGENT,
      '--baseline',
      'v1',
      '--candidate',
      'v2',
      '--models',
      'replay',
      ...TRAFFIC,
    ])
    // The summary: one case, unchanged, and the gate passes.
    expect(normaliseText(stdout.split('\n\n').slice(0, 3).join('\n\n'))).toMatchInlineSnapshot(`
      "Comparison: llm-support v2 (candidate) vs llm-support v1 (baseline)
                               baseline v1  candidate v2
        tool calls                       1             1
        llm                       replayed      replayed
        tokens                         114           114
        cost                           n/a           n/a

        NEW_CRITICAL_FAILURE  0
        REGRESSED             0
        INCOMPLETE            0
        IMPROVED              0
        UNCHANGED             1

        Gate PASS
      "
    `)
    expect(code).toBe(0)
  })
})
