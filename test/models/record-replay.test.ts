import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCase } from '../../src/case/index.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { cassettePath } from '../../src/models/index.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'
import { normaliseText } from '../support/normalise-text.ts'
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
    expect(recorded.result?.reply).toMatchInlineSnapshot(
      `"Looked it up: {"order_id":"ORD-1001","customer_id":"CUS-501","customer_name":"Maya Lindqvist","customer_email":"maya.lindqvist@example.com","placed_at":"2025-12-18T14:22:05.000Z","status":"delivered","sale_terms":"standard","currency":"USD","items":[{"sku":"KT-220","name":"Pour-over kettle","quantity":1,"unit_price":88},{"sku":"MG-410","name":"Stoneware mug set (4)","quantity":1,"unit_price":40}],"total":128,"refundable_amount":128,"refunded_amount":0,"refund_count":0,"refunds":[],"shipment":{"carrier":"Parcelway","tracking_number":"PW-7741-1001","delivered_at":"2025-12-22"}}"`,
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
    const [endpoint, field] = {
      chat: ['/v1/chat/completions', 'messages[0].content'],
      responses: ['/v1/responses', 'instructions'],
      messages: ['/v1/messages', 'system'],
    }[protocol]
    // A window around the first changed character, cut the same way on both sides. The
    // endpoint, the cassette and the field that differs are the protocol's own; the rest
    // reads the same for all.
    const message = normaliseText(changed.error!.message, { dir })
      .replace(`<port>${endpoint})`, '<port><endpoint>)')
      .replace(`/${sdkAgent(protocol, stream, '', '').name}@`, '/<agent>@')
      .replace(`: ${field} differs`, ': <field> differs')
    expect(message).toMatchInlineSnapshot(
      `"Model request 1 of case "order-status-question" (POST http://127.0.0.1:<port><endpoint>) does not match the cassette <dir>/order-status-question/<agent>@1.cassette.json: <field> differs at character 68: recorded …"ok orders up before answering.", now …"ok orders up before answering. Be brief.". Re-record: AGENTTWIN_MODELS=record npx vitest run <repo>/examples/demo-co/scenarios/order-status-question.scenario.yaml"`,
    )
  })
})
