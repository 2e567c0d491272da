import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { JudgeConfigError, resolveJudge } from '../../src/judge/index.ts'
import { anthropicMessage, openaiCompletion, PASS_JSON } from './support.ts'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const request = { criterion: 'mentions the refund', reply: 'Refund pending.', threshold: 0.7 }

describe('resolveJudge', () => {
  it('defaults to the offline fake when nothing opts in', () => {
    const judge = resolveJudge(undefined, {})
    expect(judge).toMatchObject({ provider: 'fake', kind: 'deterministic-fake' })
  })

  it('opts in to Anthropic by environment, with model from AGENTTWIN_JUDGE_MODEL', async () => {
    let key: string | null = null
    server.use(
      http.post('https://api.anthropic.com/v1/messages', ({ request }) => {
        key = request.headers.get('x-api-key')
        return HttpResponse.json(anthropicMessage(PASS_JSON))
      }),
    )
    const judge = resolveJudge(undefined, {
      AGENTTWIN_JUDGE: 'anthropic',
      ANTHROPIC_API_KEY: 'sk-env',
      AGENTTWIN_JUDGE_MODEL: 'claude-env',
      AGENTTWIN_JUDGE_CACHE: 'off',
    })
    expect(judge).toMatchObject({ provider: 'anthropic', model: 'claude-env', kind: 'llm' })
    expect(await judge.judge(request)).toMatchObject({ ok: true, label: 'pass' })
    expect(key).toBe('sk-env')
  })

  it('reaches an OpenAI-compatible server from AGENTTWIN_JUDGE_BASE_URL, key from a named variable', async () => {
    let auth: string | null = null
    server.use(
      http.post('http://127.0.0.1:8080/v1/chat/completions', ({ request }) => {
        auth = request.headers.get('authorization')
        return HttpResponse.json(openaiCompletion(PASS_JSON))
      }),
    )
    const judge = resolveJudge(
      { cacheFile: false, apiKeyEnv: 'MY_LLM_KEY' },
      {
        AGENTTWIN_JUDGE: 'openai',
        AGENTTWIN_JUDGE_BASE_URL: 'http://127.0.0.1:8080/v1',
        MY_LLM_KEY: 'sk-mine',
        AGENTTWIN_JUDGE_MODEL: 'qwen',
      },
    )
    expect(judge).toMatchObject({ provider: 'openai', model: 'qwen' })
    expect(await judge.judge(request)).toMatchObject({ ok: true })
    expect(auth).toBe('Bearer sk-mine')
  })

  it('lets explicit config win over the environment', () => {
    expect(resolveJudge({ provider: 'fake' }, { AGENTTWIN_JUDGE: 'anthropic' }).provider).toBe(
      'fake',
    )
  })

  it('refuses a real judge without its key instead of failing every case later', () => {
    expect(() => resolveJudge(undefined, { AGENTTWIN_JUDGE: 'anthropic' })).toThrow(
      JudgeConfigError,
    )
    expect(() => resolveJudge(undefined, { AGENTTWIN_JUDGE: 'anthropic' })).toThrow(
      /needs an API key in ANTHROPIC_API_KEY, which is not set/,
    )
    expect(() => resolveJudge(undefined, { AGENTTWIN_JUDGE: 'openai' })).toThrow(/OPENAI_API_KEY/)
  })

  it('names the valid providers for an unknown one', () => {
    expect(() => resolveJudge(undefined, { AGENTTWIN_JUDGE: 'gemini' })).toThrow(
      'unknown judge provider "gemini". Fix: use one of fake, anthropic, openai',
    )
  })

  it('rejects a timeout that is not a positive whole number', () => {
    expect(() =>
      resolveJudge(undefined, {
        AGENTTWIN_JUDGE: 'anthropic',
        ANTHROPIC_API_KEY: 'k',
        AGENTTWIN_JUDGE_TIMEOUT_MS: 'soon',
      }),
    ).toThrow(/AGENTTWIN_JUDGE_TIMEOUT_MS is "soon"/)
  })

  it('caches LLM verdicts in the configured file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agenttwin-resolve-'))
    let calls = 0
    server.use(
      http.post('https://api.anthropic.com/v1/messages', () => {
        calls++
        return HttpResponse.json(anthropicMessage(PASS_JSON))
      }),
    )
    const env = {
      AGENTTWIN_JUDGE: 'anthropic',
      ANTHROPIC_API_KEY: 'k',
      AGENTTWIN_JUDGE_CACHE: join(dir, 'c.json'),
    }
    try {
      expect(await resolveJudge(undefined, env).judge(request)).toMatchObject({ cached: false })
      expect(await resolveJudge(undefined, env).judge(request)).toMatchObject({ cached: true })
      expect(calls).toBe(1)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
