import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCase } from '../../src/case/index.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { cassettePath } from '../../src/models/index.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { type AiSdkProtocol, aiSdkAgent } from './support/ai-sdk-agents.ts'
import { startModelServer } from './support/model-server.ts'
import { API_KEY } from './support/sdk-agents.ts'

const pinned = pinnedDemoScenarios().get('order-status-question')!
const PROMPT = 'You are the Demo Co support agent. Look orders up before answering.'
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-ai-sdk-'))

afterAll(() => rmSync(dir, { recursive: true, force: true }))

const cases: Array<[AiSdkProtocol, boolean]> = [
  ['openai-chat', false],
  ['openai-chat', true],
  ['openai-responses', false],
  ['openai-responses', true],
  ['anthropic-messages', false],
  ['anthropic-messages', true],
]

describe.each(cases)('the AI SDK on %s (streamText %s)', (protocol, stream) => {
  let baseUrl: string
  let recorded: CaseRun
  let replayed: CaseRun
  const models = () => ({ hosts: [baseUrl], cassetteDir: dir })
  const agent = (prompt = PROMPT) => aiSdkAgent(protocol, stream, baseUrl, prompt)

  beforeAll(async () => {
    const server = await startModelServer()
    baseUrl = server.baseUrl
    recorded = await runCase(pinned, agent(), { models: { ...models(), cli: 'record' } })
    expect(server.keys).toHaveLength(2)
    expect(server.keys.every((key) => key.includes(API_KEY))).toBe(true)
    await server.close()
    replayed = await runCase(pinned, agent(), { models: { ...models(), cli: 'replay' } })
  })

  it('records: the model’s tool call reached the twin and its answer came back', () => {
    expect(recorded.error).toBeUndefined()
    expect(recorded.llm).toBe('live')
    expect(recorded.records.map((record) => record.tool)).toEqual(['lookup_order'])
    expect(recorded.records[0]!.args).toEqual({ order_id: 'ORD-1001' })
    expect(recorded.result?.reply).toBe(
      `Looked it up: ${JSON.stringify(recorded.records[0]!.response)}`,
    )
  })

  it('replays with the server gone: same reply, same twin calls, byte-identical CaseRun', () => {
    expect(replayed.error).toBeUndefined()
    expect(replayed.llm).toBe('replayed')
    expect(replayed.result).toEqual(recorded.result)
    expect(replayed.records).toEqual(recorded.records)
    // Only the case's wall-clock latency and the marks of how the answers came may differ.
    const same = (run: CaseRun) =>
      JSON.stringify({
        ...run,
        llm: undefined,
        metrics: { ...run.metrics, latencyMs: 0 },
        models: {
          ...run.models,
          llm: undefined,
          mode: undefined,
          calls: run.models?.calls.map((call) => ({ ...call, replayed: undefined })),
        },
      })
    expect(same(replayed)).toBe(same(recorded))
  })

  it('keeps the key out of the cassette; a stream is stored as its events', () => {
    const file = cassettePath(dir, pinned.scenario.id, { name: agent().name, version: '1' })
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(API_KEY)
    const cassette = JSON.parse(text)
    expect(cassette.interactions).toHaveLength(2)
    for (const interaction of cassette.interactions)
      expect(interaction.response.events !== undefined).toBe(stream)
  })

  it('a changed system prompt is a located cassette miss', async () => {
    const changed = await runCase(pinned, agent(`${PROMPT} Be brief.`), {
      models: { ...models(), cli: 'replay' },
    })
    expect(changed.error?.kind).toBe('model-cassette')
    const [endpoint, field] = {
      'openai-chat': ['/v1/chat/completions', 'messages[0].content'],
      'openai-responses': ['/v1/responses', 'input[0].content'],
      'anthropic-messages': ['/v1/messages', 'system[0].text'],
    }[protocol]
    expect(changed.llm).toBe('missing')
    // The endpoint, the cassette and the field that differs are the protocol's own;
    // the rest reads the same for all.
    const message = normaliseText(changed.error!.message, { dir })
      .replace(`<port>${endpoint})`, '<port><endpoint>)')
      .replace(`/${agent().name}@`, '/<agent>@')
      .replace(`: ${field} differs`, ': <field> differs')
    expect(message).toMatchInlineSnapshot(
      `"Model request 1 of case "order-status-question" (POST http://127.0.0.1:<port><endpoint>) does not match the cassette <dir>/order-status-question/<agent>@1.cassette.json: <field> differs at character 68: recorded …"ok orders up before answering.", now …"ok orders up before answering. Be brief.". Re-record: AGENTTWIN_MODELS=record npx vitest run <repo>/examples/demo-co/scenarios/order-status-question.scenario.yaml"`,
    )
  })
})
