import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { evaluateCase, runCase } from '../../src/case/index.ts'
import { GOAL_CHECK_QUESTION, GOAL_REACHED_MARK } from '../../src/case/model-user.ts'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { renderMarkdown } from '../../src/report/index.ts'
import { pinnedText, refundAgent } from './support/simulated.ts'
import { modelUserScenario, startUserModel } from './support/user-model-server.ts'

const dir = mkdtempSync(join(tmpdir(), 'agenttwin-model-user-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const scenario = (baseUrl: string) => modelUserScenario(baseUrl)

function withEnv<T>(env: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]))
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
  return fn().finally(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  })
}

const stable = (run: CaseRun) =>
  JSON.stringify({ ...run, metrics: { ...run.metrics, latencyMs: 0 } })

describe('a simulated user played by a language model', () => {
  it('records once, then replays under CI with no server: byte-identical records, state and report', {
    timeout: 60_000,
  }, async () => {
    const server = await startUserModel()
    const pinned = scenario(server.baseUrl)
    const agent = refundAgent('1.0.0')
    const recorded = await withEnv({ AGENTTWIN_MODELS: 'record', CI: undefined }, () =>
      runCase(pinned, agent, { models: { cassetteDir: dir } }),
    )
    await server.close()
    expect(server.asked()).toBe(4)
    expect(recorded.finished).toBe(true)
    expect(recorded.conversation?.map((turn) => [turn.by, turn.user])).toEqual([
      ['simulator', 'Hello, my order arrived broken and I would like a refund.'],
      ['simulator', 'It is ORD-1.'],
      ['simulator', 'Yes, please go ahead.'],
    ])
    expect(recorded.user).toMatchObject({
      simulator: 'language-model',
      model: 'user-model-1',
      ended: { by: 'goal', turn: 3 },
      models: { llm: 'live', totals: { inputTokens: 160, outputTokens: 32 } },
    })
    // The user's tokens are kept apart from the agent's (this agent used no model).
    expect(recorded.metrics.tokens).toBeUndefined()
    expect(recorded.models).toBeUndefined()
    const cassette = join(dir, 'refund-model-user', 'support@1.0.0.user.cassette.json')
    expect(JSON.parse(readFileSync(cassette, 'utf8')).interactions).toHaveLength(4)

    const replayed = await withEnv({ AGENTTWIN_MODELS: undefined, CI: 'true' }, () =>
      runCase(pinned, agent, { models: { cassetteDir: dir } }),
    )
    expect(replayed.user?.models?.llm).toBe('replayed')
    const { user: _r, ...recordedRest } = recorded
    const { user: _p, ...replayedRest } = replayed
    expect(stable(replayedRest as CaseRun)).toBe(stable(recordedRest as CaseRun))
    expect(JSON.stringify(replayed.records)).toBe(JSON.stringify(recorded.records))
    expect(JSON.stringify(replayed.finalState)).toBe(JSON.stringify(recorded.finalState))
    const report = async (run: CaseRun) => {
      const side = {
        run: { ...run, metrics: { ...run.metrics, latencyMs: 0 } },
        results: await evaluateCase(pinned.document.expectations, run),
      }
      const pair = comparePair({
        baseline: { agent: run.agent, cases: [side] },
        candidate: { agent: run.agent, cases: [side] },
      })
      return renderMarkdown(buildReport([pair]))
    }
    expect(await report(replayed)).toBe(await report(recorded))
  })

  it('a changed conversation is a located ERROR under CI, never a live call', async () => {
    const pinned = scenario('http://127.0.0.1:9/v1')
    const run = await withEnv({ AGENTTWIN_MODELS: undefined, CI: 'true' }, () =>
      runCase(pinned, refundAgent('9.9.9'), { models: { cassetteDir: dir } }),
    )
    expect(run.finished).toBe(false)
    expect(run.error?.kind).toBe('model-cassette')
    expect(run.error?.message).toMatch(
      /^The simulated user's model request 1 of case "refund-model-user" .* is not in the cassette .*support@9\.9\.9\.user\.cassette\.json \(it does not exist\)\. Re-record: AGENTTWIN_MODELS=record/,
    )
    expect(run.user?.models?.llm).toBe('missing')
  })

  it('asks the model for its goal before a scripted turn, with no tools, and ends there when reached', {
    timeout: 60_000,
  }, async () => {
    const server = await startUserModel()
    const mixed = pinnedText(`apiVersion: agenttwin/scenario.v1
id: mixed-model-user
version: 1.0.0
title: Scripted turns around a model-played user
twin: ./shop.twin.yaml
conversation:
  - user: Hello, my order ORD-1 arrived broken.
  - user: Please check it again.
  - simulated: true
  - user: And my address changed.
user:
  persona: A customer whose order arrived broken.
  goal: Get order ORD-1 refunded.
  maxTurns: 4
  model: { model: user-model-1, baseUrl: "${server.baseUrl}" }
expectations:
  - { id: refunded-once, type: state, path: orders.ORD-1.refund_count, equals: 1 }
`)
    const run = await withEnv({ AGENTTWIN_MODELS: 'record', CI: undefined }, () =>
      runCase(mixed, refundAgent('2.0.0'), { models: { cassetteDir: dir } }),
    )
    await server.close()
    expect(run.conversation?.map((turn) => [turn.by, turn.user, turn.result?.reply])).toEqual([
      ['script', 'Hello, my order ORD-1 arrived broken.', 'Shall I refund ORD-1?'],
      ['script', 'Please check it again.', 'Shall I refund ORD-1?'],
      ['simulator', 'Yes, please go ahead.', 'Your refund is done for ORD-1.'],
    ])
    expect(run.user?.ended).toEqual({
      by: 'goal',
      turn: 3,
      reason: `the simulated user answered ${GOAL_REACHED_MARK} before a scripted turn`,
    })
    // Before turn 2: a check (not yet), no tools; turn 3: a message with the user's app; before turn 4: a check (reached).
    const cassette = join(dir, 'mixed-model-user', 'support@2.0.0.user.cassette.json')
    const asked = JSON.parse(readFileSync(cassette, 'utf8')).interactions.map(
      (interaction: {
        request: { body: { messages: Array<{ content: string }>; tools?: unknown } }
      }) => ({
        check: interaction.request.body.messages.at(-1)?.content === GOAL_CHECK_QUESTION,
        tools: interaction.request.body.tools !== undefined,
      }),
    )
    expect(asked).toEqual([
      { check: true, tools: false },
      { check: false, tools: true },
      { check: true, tools: false },
    ])
  })
})
