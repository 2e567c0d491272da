import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  cacheKey,
  createAnthropicJudge,
  createFakeJudge,
  evaluateJudge,
  JudgeCache,
  PROMPT_VERSION,
  withCache,
} from '../../src/judge/index.ts'
import { anthropicMessage, caseRun, PASS_JSON } from './support.ts'

const URL = 'https://api.anthropic.com/v1/messages'
const server = setupServer()
let calls = 0
let dir: string
let file: string

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(async () => {
  calls = 0
  dir = await mkdtemp(join(tmpdir(), 'agenttwin-judge-cache-'))
  file = join(dir, 'nested', 'judge.json')
})
afterEach(async () => {
  server.resetHandlers()
  await rm(dir, { recursive: true, force: true })
})
afterAll(() => server.close())

function answer(...bodies: Array<() => Response>) {
  server.use(
    http.post(URL, () => {
      const respond = bodies[Math.min(calls, bodies.length - 1)] as () => Response
      calls++
      return respond()
    }),
  )
}
const ok = () => HttpResponse.json(anthropicMessage(PASS_JSON))
const throttled = () =>
  HttpResponse.json(
    { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } },
    { status: 429 },
  )

const expectation = {
  id: 'admits',
  type: 'judge' as const,
  criterion: 'The reply admits the refund is pending',
}
const judge = () =>
  withCache(createAnthropicJudge({ apiKey: 'k', model: 'claude-test' }), new JudgeCache(file))

describe('the verdict cache', () => {
  it('answers a repeated question from the file and says cached', async () => {
    answer(ok)
    const first = await evaluateJudge(expectation, caseRun('Your refund is pending.'), judge())
    const second = await evaluateJudge(expectation, caseRun('Your refund is pending.'), judge())
    expect(calls).toBe(1)
    expect(first.judge).toMatchObject({ cached: false, score: 0.92 })
    expect(second.label).toBe(first.label)
    expect(second.judge).toMatchObject({ cached: true, score: 0.92 })
    expect(second.message).toMatch(/; cached\]$/)
    const stored = JSON.parse(await readFile(file, 'utf8'))
    expect(stored.schema).toBe('agenttwin/judge-cache.v1')
    expect(Object.values(stored.entries)).toEqual([
      {
        label: 'pass',
        score: 0.92,
        reason: 'It says a specialist will finish the refund.',
        provider: 'anthropic',
        model: 'claude-test',
        promptVersion: PROMPT_VERSION,
      },
    ])
    expect(await readdir(join(dir, 'nested'))).toEqual(['judge.json'])
  })

  it('never caches an ERROR: the next run asks again', async () => {
    answer(throttled, ok)
    const first = await evaluateJudge(expectation, caseRun('Pending.'), judge())
    const second = await evaluateJudge(expectation, caseRun('Pending.'), judge())
    expect(first.label).toBe('ERROR')
    expect(second.label).toBe('PASS')
    expect(second.judge?.cached).toBe(false)
    expect(calls).toBe(2)
  })

  it('keys on provider, model, prompt version, criterion and reply', () => {
    const identity = { provider: 'anthropic', model: 'm1', promptVersion: 'p1' }
    const request = { criterion: 'c', reply: 'r' }
    const key = cacheKey(identity, request)
    expect(cacheKey({ ...identity }, { ...request })).toBe(key)
    for (const other of [
      cacheKey({ ...identity, provider: 'openai' }, request),
      cacheKey({ ...identity, model: 'm2' }, request),
      cacheKey({ ...identity, promptVersion: 'p2' }, request),
      cacheKey(identity, { ...request, criterion: 'c2' }),
      cacheKey(identity, { ...request, reply: 'r2' }),
      cacheKey(identity, { ...request, evidence: { finalState: { a: 1 } } }),
    ]) {
      expect(other).not.toBe(key)
    }
  })

  it('turns a corrupt cache file into ERROR naming the file and the fix', async () => {
    await mkdir(join(dir, 'nested'), { recursive: true })
    await writeFile(file, '{ not json')
    answer(ok)
    const result = await evaluateJudge(expectation, caseRun('Pending.'), judge())
    expect(result.label).toBe('ERROR')
    expect(result.message.replaceAll(file, '<cache>')).toMatchInlineSnapshot(
      `"No judge verdict: the judge threw: the judge cache <cache> is not a valid agenttwin/judge-cache.v1 file. Fix: delete it; it is only a cache and will be rebuilt. This says nothing about the agent; fix the judge or rerun. [anthropic/claude-test; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
    expect(calls).toBe(0)
  })

  it('leaves the fake judge uncached: its label depends on the threshold', () => {
    const fake = createFakeJudge()
    expect(withCache(fake, new JudgeCache(file))).toBe(fake)
  })
})
