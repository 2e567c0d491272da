import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildCaseRun } from '../../src/case/case-run.ts'
import { runCase } from '../../src/case/index.ts'
import { sideReport } from '../../src/compare/side-report.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { isModelRequest, llmLabel } from '../../src/models/index.ts'
import type { Agent } from '../../src/scenario/types.ts'
import { createTwin } from '../../src/twin/index.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'
import { normaliseText } from '../support/normalise-text.ts'
import { type ModelServer, startModelServer } from './support/model-server.ts'
import { sdkAgent } from './support/sdk-agents.ts'

const pinned = pinnedDemoScenarios().get('order-status-question')!
const PROMPT = 'You are the Demo Co support agent.'

describe('llmLabel', () => {
  const none = { live: 0, replayed: 0, refused: 0, missing: 0 }

  it('says what happened; a refusal or a miss wins over what was answered', () => {
    expect(llmLabel(none)).toBe('scripted')
    expect(llmLabel({ ...none, replayed: 2 })).toBe('replayed')
    expect(llmLabel({ ...none, replayed: 1, live: 1 })).toBe('live')
    expect(llmLabel({ ...none, replayed: 2, missing: 1 })).toBe('missing')
    expect(llmLabel({ ...none, live: 1, refused: 1, missing: 1 })).toBe('refused')
  })

  it('tells a refused model request by its host or by a model API path', () => {
    expect(isModelRequest('https://api.openai.com/v1/models', [])).toBe(true)
    expect(isModelRequest('http://127.0.0.1:4010/v1/x', ['http://127.0.0.1:4010/v1'])).toBe(true)
    expect(isModelRequest('http://127.0.0.1:11434/api/chat', [])).toBe(true)
    expect(isModelRequest('http://10.0.0.2/v1/chat/completions', [])).toBe(true)
    expect(
      isModelRequest('https://g.test/v1beta/models/gemini-2.0:generateContent?key=x', []),
    ).toBe(true)
    expect(isModelRequest('https://crm.acme.test/contacts', [])).toBe(false)
    expect(isModelRequest('https://chat.acme.test/messages', [])).toBe(false)
    expect(isModelRequest('dns://api.example.test', [])).toBe(false)
  })
})

describe('the llm label of a case, from its model traffic', () => {
  let server: ModelServer
  const dir = mkdtempSync(join(tmpdir(), 'agenttwin-llm-label-'))
  const empty = mkdtempSync(join(tmpdir(), 'agenttwin-llm-label-empty-'))
  const agent = () => sdkAgent('chat', false, server.baseUrl, PROMPT)
  const run = (cli: string, cassetteDir = dir, hosts = [server.baseUrl]) =>
    runCase(pinned, agent(), { models: { hosts, cassetteDir, cli } })

  beforeAll(async () => {
    server = await startModelServer()
  })

  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(empty, { recursive: true, force: true })
  })

  it('live: sent to the provider', async () => {
    const recorded = await run('record')
    expect(recorded.error).toBeUndefined()
    expect(recorded.llm).toBe('live')
  })

  it('replayed: every answer from the cassette', async () => {
    const replayed = await run('replay')
    expect(replayed.error).toBeUndefined()
    expect(replayed.llm).toBe('replayed')
  })

  it('missing: a cassette that does not exist is never "replayed"', async () => {
    const missing = await run('replay', empty)
    expect(missing.llm).toBe('missing')
    expect(normaliseText(missing.error!.message, { empty })).toMatchInlineSnapshot(
      `"Model request 1 of case "order-status-question" (POST http://127.0.0.1:<port>/v1/chat/completions) is not in the cassette <empty>/order-status-question/sdk-chat@1.cassette.json (it does not exist). Re-record: AGENTTWIN_MODELS=record npx vitest run <repo>/examples/demo-co/scenarios/order-status-question.scenario.yaml"`,
    )
  })

  it('refused: model traffic off is never "scripted"', async () => {
    const off = await run('off')
    expect(off.llm).toBe('refused')
    expect(off.models).toBeUndefined()
    expect(sideReport(off, []).llm).toBe('refused')
  })

  it('refused: model requests the guard stopped (a host the case was not given)', async () => {
    const stopped = await run('replay', dir, [])
    expect(stopped.refused?.length).toBeGreaterThan(0)
    expect(stopped.llm).toBe('refused')
  })

  it('scripted: no model request at all', async () => {
    const scripted: Agent = {
      name: 'no-model',
      version: '1',
      async run() {
        return { reply: 'nothing to do', outcome: 'SUCCESS' }
      },
    }
    const quiet = await runCase(pinned, scripted, { models: { cassetteDir: dir, cli: 'replay' } })
    expect(quiet.llm).toBe('scripted')
    expect(sideReport(quiet, []).llm).toBe('scripted')
  })
})

describe('a CaseRun built without a model session', () => {
  const build = (refused: Parameters<typeof buildCaseRun>[1]['refused']): CaseRun =>
    buildCaseRun(createTwin(pinned.twinDocument), {
      scenario: pinned.scenario,
      seed: 0,
      agent: { name: 'a', version: '1' },
      input: null,
      latencyMs: 0,
      outcome: { result: { reply: 'ok', outcome: 'SUCCESS' } },
      refused,
    })

  it('has no label when nothing watched its model traffic, and the report does not invent one', () => {
    const run = build([])
    expect(run.llm).toBeUndefined()
    expect(sideReport(run, []).llm).toBeUndefined()
  })

  it('says refused when the guard stopped a model request', () => {
    const run = build([
      {
        method: 'POST',
        url: 'http://127.0.0.1:11434/api/chat?api_key=abc',
        layer: 'http',
        message: 'AgentTwin blocked POST http://127.0.0.1:11434/api/chat?api_key=abc',
      },
    ])
    expect(run.llm).toBe('refused')
    expect(run.refused?.[0]?.url).toBe('http://127.0.0.1:11434/api/chat?api_key=[redacted]')
    expect(JSON.stringify(run)).not.toContain('api_key=abc')
  })

  it('keeps its label from the rest when the guard stopped only other requests', () => {
    const run = build([
      { method: 'GET', url: 'https://crm.acme.test/contacts', layer: 'http', message: 'blocked' },
    ])
    expect(run.llm).toBeUndefined()
  })
})
