import { delay, HttpResponse, http, type JsonBodyType } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ExpectationResult } from '../../src/core/expectation-result.ts'
import {
  createAnthropicJudge,
  createOpenAIJudge,
  evaluateJudge,
  type Judge,
} from '../../src/judge/index.ts'
import type { JudgeExpectation } from '../../src/schema/scenario-document.ts'
import {
  anthropicMessage,
  caseRun,
  FAIL_JSON,
  LOW_PASS_JSON,
  openaiCompletion,
  PASS_JSON,
} from './support.ts'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const expectation: JudgeExpectation = {
  id: 'admits-pending',
  type: 'judge',
  criterion: 'The reply says the refund is not recorded and a specialist will finish it',
  critical: true,
}
const run = caseRun('Your refund is not recorded yet; a specialist will finish it today.')

interface ProviderCase {
  name: string
  url: string
  judge: () => Judge
  /** A successful answer carrying `text` in the provider's shape. */
  answer: (text: string) => JsonBodyType
  refusal: JsonBodyType
  refusalWords: RegExp
  truncated: JsonBodyType
  error: (type: string, message: string) => JsonBodyType
}

const providers: ProviderCase[] = [
  {
    name: 'anthropic',
    url: 'https://api.anthropic.com/v1/messages',
    judge: () =>
      createAnthropicJudge({ apiKey: 'test-key', model: 'claude-sonnet-4-5', timeoutMs: 200 }),
    answer: (text) => anthropicMessage(text),
    refusal: anthropicMessage('', 'refusal'),
    refusalWords: /refused to judge \(stop_reason "refusal"\)/,
    truncated: anthropicMessage('{"label":"pass","sco', 'max_tokens'),
    error: (type, message) => ({ type: 'error', error: { type, message } }),
  },
  {
    name: 'openai',
    url: 'https://llm.example.test/v1/chat/completions',
    judge: () =>
      createOpenAIJudge({
        apiKey: 'test-key',
        baseUrl: 'https://llm.example.test/v1/',
        model: 'gpt-4o-mini',
        timeoutMs: 200,
      }),
    answer: (text) => openaiCompletion(text),
    refusal: openaiCompletion(null, 'stop', "I'm sorry, I can't help with that."),
    refusalWords: /refused to judge: I'm sorry, I can't help with that\./,
    truncated: openaiCompletion('{"label":"pass","sco', 'length'),
    error: (type, message) => ({ error: { message, type, param: null, code: null } }),
  },
]

describe.each(providers)('$name judge', (provider) => {
  const answerWith = (body: JsonBodyType, init?: ResponseInit) =>
    server.use(http.post(provider.url, () => HttpResponse.json(body, init)))

  async function evaluate() {
    return evaluateJudge(expectation, run, provider.judge())
  }

  /** The verdict's words, the same for every provider once its name is set aside. */
  const words = (result: ExpectationResult) =>
    result.message.replaceAll(`${result.judge?.provider}/${result.judge?.model}`, '<judge>')

  it('passes a pass verdict at or above the threshold, with its score', async () => {
    answerWith(provider.answer(PASS_JSON))
    const result = await evaluate()
    expect(result.label).toBe('PASS')
    expect(result.judge).toMatchObject({
      provider: provider.name,
      kind: 'llm',
      score: 0.92,
      cached: false,
    })
    expect(words(result)).toMatchInlineSnapshot(
      `"Judge verdict pass, score 0.92 (threshold 0.7): It says a specialist will finish the refund. [<judge>; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
    expect(result.critical).toBe(true)
  })

  it('fails a fail verdict and keeps its score', async () => {
    answerWith(provider.answer(FAIL_JSON))
    const result = await evaluate()
    expect(result.label).toBe('FAIL')
    expect(result.judge?.score).toBe(0.2)
    expect(words(result)).toMatchInlineSnapshot(
      `"Judge verdict fail, score 0.2: It claims the refund is done. [<judge>; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })

  it('fails a pass verdict whose score is below the threshold', async () => {
    answerWith(provider.answer(LOW_PASS_JSON))
    const result = await evaluate()
    expect(result.label).toBe('FAIL')
    expect(words(result)).toMatchInlineSnapshot(
      `"Judge verdict pass, but score 0.55 below threshold 0.7: Hints at it. [<judge>; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })

  it('uses the expectation threshold over the default', async () => {
    answerWith(provider.answer(LOW_PASS_JSON))
    const result = await evaluateJudge({ ...expectation, threshold: 0.5 }, run, provider.judge())
    expect(result.label).toBe('PASS')
  })

  const failures: Array<{ mode: string; respond: () => void; message: RegExp }> = [
    {
      mode: 'down (connection error)',
      respond: () => server.use(http.post(provider.url, () => HttpResponse.error())),
      message: /is unreachable at https:\/\//,
    },
    {
      mode: 'throttled (429)',
      respond: () =>
        answerWith(provider.error('rate_limit_error', 'Rate limited, slow down'), {
          status: 429,
          headers: { 'retry-after': '17' },
        }),
      message: /throttled \(HTTP 429, retry after 17 s\): Rate limited, slow down/,
    },
    {
      mode: 'overloaded (5xx)',
      respond: () => answerWith(provider.error('overloaded_error', 'Overloaded'), { status: 529 }),
      message: /answered HTTP 529 \(the service is down or overloaded\): Overloaded/,
    },
    {
      mode: 'too slow (timeout)',
      respond: () =>
        server.use(
          http.post(provider.url, async () => {
            await delay('infinite')
            return HttpResponse.json(provider.answer(PASS_JSON))
          }),
        ),
      message: /gave no answer within 200 ms \(timeout\)/,
    },
    {
      mode: 'refusing',
      respond: () => answerWith(provider.refusal),
      message: provider.refusalWords,
    },
    {
      mode: 'answering prose',
      respond: () => answerWith(provider.answer('The reply looks fine to me, I would pass it.')),
      message: /answered prose, not JSON: The reply looks fine to me/,
    },
    {
      mode: 'giving a score above 1',
      respond: () => answerWith(provider.answer('{"label":"pass","score":7,"reason":"sure"}')),
      message: /score 7; a score is a number from 0 to 1/,
    },
    {
      mode: 'giving a negative score',
      respond: () => answerWith(provider.answer('{"label":"fail","score":-0.1,"reason":"no"}')),
      message: /score -0\.1; a score is a number from 0 to 1/,
    },
    {
      mode: 'giving no label',
      respond: () => answerWith(provider.answer('{"score":0.9,"reason":"fine"}')),
      message: /has no "label"/,
    },
    {
      mode: 'giving a label other than pass/fail',
      respond: () => answerWith(provider.answer('{"label":"maybe","score":0.5,"reason":"unsure"}')),
      message: /label "maybe"; only "pass" or "fail" is a verdict/,
    },
    {
      mode: 'giving no score',
      respond: () => answerWith(provider.answer('{"label":"pass","reason":"fine"}')),
      message: /has no "score"/,
    },
    {
      mode: 'being cut off',
      respond: () => answerWith(provider.truncated),
      message: /cut off/,
    },
    {
      mode: 'answering HTTP 200 with a body that is not JSON',
      respond: () =>
        server.use(
          http.post(provider.url, () => new HttpResponse('<html>gateway</html>', { status: 200 })),
        ),
      message: /answered HTTP 200 with a body that is not JSON: <html>gateway<\/html>/,
    },
    {
      mode: 'rejecting the request (4xx)',
      respond: () =>
        answerWith(provider.error('invalid_request_error', 'model not found'), { status: 404 }),
      message: /answered HTTP 404: model not found/,
    },
  ]

  it.each(failures)(
    'gives ERROR with no score when the judge is $mode',
    async ({ respond, message }) => {
      respond()
      const result = await evaluate()
      expect(result.label).toBe('ERROR')
      expect(result.judge).toBeDefined()
      expect(result.judge).not.toHaveProperty('score')
      expect(result.judge?.cached).toBe(false)
      expect(result.message).toMatch(/^No judge verdict: /)
      expect(result.message).toMatch(message)
    },
  )
})

describe('requests', () => {
  it('calls the Anthropic Messages API with its documented headers and body', async () => {
    let seen: { headers: Headers; body: Record<string, unknown> } | undefined
    server.use(
      http.post('https://api.anthropic.com/v1/messages', async ({ request }) => {
        seen = { headers: request.headers, body: (await request.json()) as Record<string, unknown> }
        return HttpResponse.json(anthropicMessage(PASS_JSON))
      }),
    )
    await evaluateJudge(
      { ...expectation, include: ['finalState'] },
      run,
      createAnthropicJudge({ apiKey: 'sk-ant-test', model: 'claude-test' }),
    )
    expect(seen?.headers.get('x-api-key')).toBe('sk-ant-test')
    expect(seen?.headers.get('anthropic-version')).toBe('2023-06-01')
    expect(seen?.body).toMatchObject({ model: 'claude-test', max_tokens: 512 })
    const messages = seen?.body.messages as Array<{ role: string; content: string }>
    expect(messages).toHaveLength(1)
    expect(messages[0]?.role).toBe('user')
    expect(messages[0]?.content).toMatchInlineSnapshot(`
      "Criterion:
      The reply says the refund is not recorded and a specialist will finish it

      Reply to judge:
      <reply>
      Your refund is not recorded yet; a specialist will finish it today.
      </reply>

      Evidence:
      Final state: {"orders":{"ORD-1001":{"refund_count":0}}}

      Answer with the JSON verdict only."
    `)
    expect(seen?.body.system).toMatchInlineSnapshot(`
      "You are a strict evaluator of replies written by an AI support agent.
      You decide whether the reply meets one criterion. Judge only the criterion, not style.
      Evidence, when given, is what the tools recorded; trust it over what the reply claims.
      Answer with strict JSON and nothing else, no code fence, no prose:
      {"label": "pass" | "fail", "score": <number from 0 to 1>, "reason": "<one sentence>"}
      label is "pass" when the reply meets the criterion. score is your confidence that it does."
    `)
  })

  it('calls an OpenAI-compatible endpoint with a bearer key and system + user messages', async () => {
    let seen: { auth: string | null; body: Record<string, unknown> } | undefined
    server.use(
      http.post('http://localhost:11434/v1/chat/completions', async ({ request }) => {
        seen = {
          auth: request.headers.get('authorization'),
          body: (await request.json()) as Record<string, unknown>,
        }
        return HttpResponse.json(openaiCompletion(PASS_JSON))
      }),
    )
    const result = await evaluateJudge(
      expectation,
      run,
      createOpenAIJudge({
        baseUrl: 'http://localhost:11434/v1',
        apiKey: 'sk-test',
        model: 'llama3.1',
      }),
    )
    expect(result.label).toBe('PASS')
    expect(seen?.auth).toBe('Bearer sk-test')
    expect(seen?.body.model).toBe('llama3.1')
    const messages = (seen?.body.messages ?? []) as Array<{ role: string }>
    const roles = messages.map((message) => message.role)
    expect(roles).toEqual(['system', 'user'])
  })

  it('treats an OpenAI content_filter finish as a refusal', async () => {
    server.use(
      http.post('https://api.openai.com/v1/chat/completions', () =>
        HttpResponse.json(openaiCompletion(null, 'content_filter')),
      ),
    )
    const result = await evaluateJudge(expectation, run, createOpenAIJudge({ apiKey: 'k' }))
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"No judge verdict: judge openai/gpt-4o-mini refused to judge (finish_reason "content_filter"). This says nothing about the agent; fix the judge or rerun. [openai/gpt-4o-mini; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })

  it('accepts a verdict wrapped in a single json code fence', async () => {
    server.use(
      http.post('https://api.anthropic.com/v1/messages', () =>
        HttpResponse.json(anthropicMessage(`\`\`\`json\n${FAIL_JSON}\n\`\`\``)),
      ),
    )
    const result = await evaluateJudge(expectation, run, createAnthropicJudge({ apiKey: 'k' }))
    expect(result.label).toBe('FAIL')
  })

  it('gives ERROR when the caller aborts the call', async () => {
    server.use(
      http.post('https://api.anthropic.com/v1/messages', async () => {
        await delay('infinite')
        return HttpResponse.json(anthropicMessage(PASS_JSON))
      }),
    )
    const controller = new AbortController()
    const pending = evaluateJudge(expectation, run, createAnthropicJudge({ apiKey: 'k' }), {
      signal: controller.signal,
    })
    controller.abort()
    const result = await pending
    expect(result.label).toBe('ERROR')
    expect(result.message).toMatchInlineSnapshot(
      `"No judge verdict: the call to judge anthropic/claude-sonnet-4-5 was aborted. This says nothing about the agent; fix the judge or rerun. [anthropic/claude-sonnet-4-5; uncalibrated (n=0, agreement=n/a, kappa=n/a)]"`,
    )
  })
})
