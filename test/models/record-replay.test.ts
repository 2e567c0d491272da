import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCase } from '../../src/case/index.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { cassettePath } from '../../src/models/index.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'
import { startModelServer } from './support/model-server.ts'
import { API_KEY, type Protocol, sdkAgent } from './support/sdk-agents.ts'

const pinned = pinnedDemoScenarios().get('order-status-question')!
const PROMPT = 'You are the Demo Co support agent. Look orders up before answering.'
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-cassettes-'))

/** What a run is apart from how long it took and whether the model was live. */
function evidence(run: CaseRun): string {
  const { metrics, llm, models, ...rest } = run
  const { latencyMs, ...counted } = metrics
  return JSON.stringify({
    ...rest,
    metrics: counted,
    calls: models?.calls.map(({ replayed, ...call }) => call),
  })
}

const cases: Array<[Protocol, boolean]> = [
  ['chat', false],
  ['chat', true],
  ['responses', false],
  ['responses', true],
  ['messages', false],
  ['messages', true],
]

describe.each(cases)('%s (stream %s) through the real SDK', (protocol, stream) => {
  let baseUrl: string
  let recorded: CaseRun
  const models = () => ({ hosts: [baseUrl], cassetteDir: dir })

  beforeAll(async () => {
    const server = await startModelServer()
    baseUrl = server.baseUrl
    recorded = await runCase(pinned, sdkAgent(protocol, stream, baseUrl, PROMPT), {
      models: { ...models(), cli: 'record' },
    })
    // The key went out on the wire, so its absence from the cassette means something.
    expect(server.keys).toEqual([
      expect.stringContaining(API_KEY),
      expect.stringContaining(API_KEY),
    ])
    await server.close()
  })

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('records the live answers: the agent got the twin’s answer back through the model', () => {
    expect(recorded.error).toBeUndefined()
    expect(recorded.llm).toBe('live')
    expect(recorded.records.map((record) => record.tool)).toEqual(['lookup_order'])
    expect(recorded.result?.reply).toContain('Looked it up: ')
    expect(recorded.result?.reply).toContain(
      JSON.stringify(recorded.records[0]!.response).slice(0, 20),
    )
  })

  it('takes tokens and the model from the provider’s answers', () => {
    const calls = recorded.models!.calls
    expect(calls).toHaveLength(2)
    expect(calls.every((call) => call.model === 'scripted-model-1' && !call.replayed)).toBe(true)
    const input = { chat: 50, responses: 60, messages: 70 }[protocol]
    expect(recorded.models!.totals.inputTokens).toBe(2 * input)
    expect(recorded.metrics.tokens?.input).toBe(2 * input)
    expect(calls.map((call) => call.cachedTokens)).toEqual(
      Array(2).fill({ chat: 10, responses: 0, messages: 20 }[protocol]),
    )
  })

  it('replays with the server gone: same answers, same twin calls, same CaseRun', async () => {
    const replayed = await runCase(pinned, sdkAgent(protocol, stream, baseUrl, PROMPT), {
      models: { ...models(), cli: 'replay' },
    })
    expect(replayed.error).toBeUndefined()
    expect(replayed.llm).toBe('replayed')
    expect(replayed.models!.calls.every((call) => call.replayed)).toBe(true)
    expect(evidence(replayed)).toBe(evidence(recorded))
  })

  it('keeps the API key out of the cassette and stores streams as events', () => {
    const file = cassettePath(dir, pinned.scenario.id, {
      name: sdkAgent(protocol, stream, '', '').name,
      version: '1',
    })
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(API_KEY)
    const cassette = JSON.parse(text)
    expect(cassette.interactions).toHaveLength(2)
    expect(cassette.interactions[0].response.events !== undefined).toBe(stream)
  })

  it('a changed prompt is a located cassette miss, never a live call', async () => {
    const changed = await runCase(
      pinned,
      sdkAgent(protocol, stream, baseUrl, `${PROMPT} Be brief.`),
      {
        models: { ...models(), cli: 'replay' },
      },
    )
    expect(changed.finished).toBe(false)
    expect(changed.error?.kind).toBe('model-cassette')
    // The cassette did not hold this request: the label says so, not "replayed".
    expect(changed.llm).toBe('missing')
    const field = { chat: 'messages[0].content', responses: 'instructions', messages: 'system' }[
      protocol
    ]
    // A window around the first changed character, cut the same way on both sides.
    const before = PROMPT.slice(-30)
    expect(changed.error?.message).toContain(
      `${field} differs at character ${PROMPT.length + 1}: recorded …"${before}", now …"${before} Be brief."`,
    )
    expect(changed.error?.message).toContain('AGENTTWIN_MODELS=record npx vitest run')
  })
})
