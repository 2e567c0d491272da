import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCase } from '../../src/case/index.ts'
import { buildReport } from '../../src/compare/build-report.ts'
import { comparePair } from '../../src/compare/pair.ts'
import type { CaseRun } from '../../src/core/case-run.ts'
import { renderHtml } from '../../src/report/html/index.ts'
import { renderMarkdown } from '../../src/report/markdown.ts'
import { renderTerminal } from '../../src/report/terminal.ts'
import type { Agent } from '../../src/scenario/types.ts'
import { PLANTED_NAMES, PLANTED_SHAPES } from '../core/support/planted-secrets.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'

const pinned = pinnedDemoScenarios().get('order-status-question')!
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-redaction-'))
const cassetteDir = join(dir, 'cassettes')

/** A plain value per credential name: nothing but its name says it is a secret. */
function plantedValues(round: string): Map<string, string> {
  return new Map(PLANTED_NAMES.map((name, at) => [name, `plain${round}x${at}q`]))
}

/** Everything planted in one round, each in query, headers, body and nested body. */
function plantedRequest(base: string, round: string, prompt: string): Request {
  const values = plantedValues(round)
  const shapes = PLANTED_SHAPES.map(([, secret]) => secret)
  const query = new URLSearchParams([...values, ['q', 'hello']])
  for (const [at, secret] of shapes.entries()) query.append(`note${at}`, secret)
  const headers = new Headers({ 'content-type': 'application/json' })
  for (const [name, value] of values) headers.append(name, value)
  for (const [at, secret] of shapes.entries()) {
    if (!secret.includes('\n')) headers.set(`x-note-${at}`, secret)
  }
  const named = Object.fromEntries(values)
  const body = {
    model: 'scripted-model-1',
    max_tokens: 64,
    messages: [
      { role: 'system', content: prompt },
      { role: 'user', content: `Hello. ${shapes.join(' and ')}` },
    ],
    ...named,
    metadata: { ...named, nested: { deeper: named, notes: shapes } },
  }
  return new Request(`${base}/v1/chat/completions?${query}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  })
}

function plantingAgent(version: string, base: () => string, round: string, prompt: string): Agent {
  return {
    name: 'planted',
    version,
    async run() {
      const answer = await fetch(plantedRequest(base(), round, prompt))
      await answer.text()
      return { reply: 'done', outcome: 'SUCCESS' }
    },
  }
}

/** Every file under `root`, recursively. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const path = join(root, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

describe('credentials planted in model traffic', () => {
  let base = ''
  const seen: string[] = []
  let close: () => Promise<void>
  const runs: Record<string, CaseRun> = {}
  const models = (cli: string) => ({ hosts: [base], cassetteDir, cli })
  const PROMPT = 'You are the Demo Co support agent. Answer briefly and look orders up first.'

  beforeAll(async () => {
    // A model server that echoes what it was sent, as some providers echo metadata.
    const server = createServer((request, response) => {
      let text = ''
      request.on('data', (chunk) => {
        text += chunk
      })
      request.on('end', () => {
        seen.push(`${request.url} ${JSON.stringify(request.headers)} ${text}`)
        const body = JSON.parse(text)
        response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1' })
        response.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            model: 'scripted-model-1',
            choices: [{ index: 0, message: { role: 'assistant', content: 'ok' } }],
            usage: { prompt_tokens: 11, completion_tokens: 3 },
            metadata: body.metadata,
            echo: { url: request.url, authorization: request.headers.authorization },
          }),
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    close = () => new Promise((resolve) => server.close(() => resolve()))

    const agent = (version: string, round: string, prompt = PROMPT) =>
      plantingAgent(version, () => base, round, prompt)
    runs.recorded = await runCase(pinned, agent('v1', 'A'), { models: models('record') })
    runs.candidate = await runCase(pinned, agent('v2', 'B'), { models: models('record') })
    // Other credentials, same request otherwise: it must still match its recording.
    runs.replayed = await runCase(pinned, agent('v1', 'C'), { models: models('replay') })
    // A changed prompt: a cassette miss whose message quotes the request.
    runs.changed = await runCase(pinned, agent('v1', 'D', `${PROMPT} Be brief.`), {
      models: models('replay'),
    })
    runs.off = await runCase(pinned, agent('v1', 'E'), { models: models('off') })
    // Model traffic to a host nobody configured: the guard refuses it, URL and all.
    runs.refused = await runCase(pinned, agent('v1', 'F'), {
      models: { cassetteDir, cli: 'replay' },
    })
    await close()
  })

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('were sent: the server saw every one, so their absence from the files means something', () => {
    const wire = seen.join('\n')
    for (const value of plantedValues('A').values()) expect(wire).toContain(value)
    for (const [, , core] of PLANTED_SHAPES) expect(wire).toContain(core)
  })

  it('every label says what happened to the model traffic', () => {
    expect(runs.recorded!.llm).toBe('live')
    expect(runs.replayed!.error).toBeUndefined()
    expect(runs.replayed!.llm).toBe('replayed')
    expect(runs.changed!.llm).toBe('missing')
    expect(runs.changed!.error?.message).toMatch(/messages\[0\]\.content differs at character/)
    expect(runs.off!.llm).toBe('refused')
    expect(runs.refused!.llm).toBe('refused')
    expect(runs.refused!.refused?.[0]?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/chat/)
  })

  it('are in no file a record run writes: cassettes, CaseRuns, reports, error messages', () => {
    const out = join(dir, 'written')
    mkdirSync(out, { recursive: true })
    const side = (run: CaseRun) => ({
      agent: run.agent,
      cases: [{ run, results: [] }],
    })
    const report = buildReport([
      comparePair({ baseline: side(runs.recorded!), candidate: side(runs.candidate!) }),
      comparePair({ baseline: side(runs.changed!), candidate: side(runs.candidate!) }),
    ])
    writeFileSync(join(out, 'report.json'), JSON.stringify(report, null, 2))
    writeFileSync(join(out, 'report.html'), renderHtml(report))
    writeFileSync(join(out, 'summary.md'), renderMarkdown(report))
    writeFileSync(join(out, 'terminal.txt'), renderTerminal(report, { color: false }))
    for (const [name, run] of Object.entries(runs)) {
      writeFileSync(join(out, `${name}.case-run.json`), JSON.stringify(run, null, 2))
      writeFileSync(join(out, `${name}.errors.txt`), JSON.stringify([run.error, run.refused]))
    }
    const files = filesUnder(dir)
    expect(files.filter((file) => file.endsWith('.cassette.json'))).toHaveLength(2)
    const planted = [
      ...['A', 'B', 'C', 'D', 'E', 'F'].flatMap((round) => [...plantedValues(round).values()]),
      ...PLANTED_SHAPES.map(([, , core]) => core),
    ]
    const leaks = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return planted.filter((value) => text.includes(value)).map((value) => `${file}: ${value}`)
    })
    expect(leaks).toEqual([])
  })

  it('keeps what is evidence: usage numbers, limits, ordinary parameters', () => {
    const cassette = readFileSync(
      join(cassetteDir, pinned.scenario.id, 'planted@v1.cassette.json'),
      'utf8',
    )
    const stored = JSON.parse(cassette).interactions[0]
    expect(stored.request.url).toBe(`${base}/v1/chat/completions?q=hello`)
    expect(stored.request.body.max_tokens).toBe(64)
    expect(stored.response.body.usage).toEqual({ prompt_tokens: 11, completion_tokens: 3 })
    expect(runs.recorded!.models?.calls[0]).toMatchObject({ inputTokens: 11, outputTokens: 3 })
    expect(runs.recorded!.models?.calls[0]?.url).toBe(`${base}/v1/chat/completions?q=hello`)
  })
})
