import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../src/core/json.ts'
import {
  DEFAULT_SECRET_POLICY,
  isSecretName,
  REDACTED,
  secretPolicy,
} from '../../src/core/secret-policy.ts'
import { PLANTED_NAMES, PLANTED_SHAPES } from './support/planted-secrets.ts'

const policy = DEFAULT_SECRET_POLICY

describe('the redaction policy by name', () => {
  it.each(PLANTED_NAMES)('%s is a credential name', (name) => {
    expect(isSecretName(name)).toBe(true)
  })

  it.each([
    'max_tokens',
    'max_completion_tokens',
    'maxOutputTokens',
    'prompt_tokens',
    'completion_tokens',
    'input_tokens',
    'output_tokens',
    'cached_tokens',
    'reasoning_tokens',
    'total_tokens',
    'token_count',
    'tokenCount',
    'promptTokenCount',
    'candidatesTokenCount',
    'cache_creation_input_tokens',
    'cache_read_input_tokens',
    'prompt_tokens_details',
    'x-ratelimit-remaining-tokens',
    'prompt_cache_key',
    'author',
    'keyword',
    'monkey',
    'tokenizer',
    'model',
    'messages',
    'order_id',
  ])('%s is not', (name) => {
    expect(isSecretName(name)).toBe(false)
  })

  it('masks string fields with a credential name at any depth, in any case and separator', () => {
    const body: JsonValue = {
      model: 'gpt-x',
      api_key: 'plain-value-1',
      metadata: { password: 'plain-value-2', nested: { clientSecret: 'plain-value-3' } },
      list: [{ 'X-Amz-Credential': 'plain-value-4' }],
      auth: ['plain-value-5', 'plain-value-6'],
      empty_token: '',
    }
    expect(policy.json(body)).toEqual({
      model: 'gpt-x',
      api_key: REDACTED,
      metadata: { password: REDACTED, nested: { clientSecret: REDACTED } },
      list: [{ 'X-Amz-Credential': REDACTED }],
      auth: [REDACTED, REDACTED],
      empty_token: '',
    })
  })

  it('masks everything a credential object holds, but not a JSON Schema that describes one', () => {
    const body: JsonValue = {
      credentials: { user: 'ana', pass: 'plain-value-7', port: 5432 },
      tools: [
        {
          type: 'function',
          function: {
            name: 'login',
            parameters: {
              type: 'object',
              properties: { password: { type: 'string', description: 'the user password' } },
              required: ['password'],
            },
          },
        },
      ],
    }
    const shown = policy.json(body) as Record<string, JsonValue>
    expect(shown.credentials).toEqual({ user: REDACTED, pass: REDACTED, port: 5432 })
    expect(shown.tools).toEqual(body.tools)
  })

  it('keeps numbers, booleans and null whatever their name: usage is evidence', () => {
    const usage: JsonValue = {
      max_tokens: 50,
      usage: {
        prompt_tokens: 50,
        completion_tokens: 7,
        prompt_tokens_details: { cached_tokens: 10 },
        input_tokens: 60,
        cache_creation_input_tokens: 3,
      },
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 2, totalTokenCount: 3 },
      tokens: 12,
      private: true,
      session: null,
      key: 7,
    }
    expect(policy.json(usage)).toEqual(usage)
    expect(policy.findSecrets(usage)).toEqual([])
  })

  it('keeps the tokens a model generated (logprobs), which are no credential', () => {
    const logprobs: JsonValue = {
      logprobs: { content: [{ token: 'Hello', logprob: -0.1, top_logprobs: [] }] },
    }
    expect(policy.json(logprobs)).toEqual(logprobs)
  })
})

describe('the redaction policy by value shape', () => {
  it.each(PLANTED_SHAPES)('finds %s in any field and in text', (_kind, secret, core) => {
    const body: JsonValue = { messages: [{ role: 'user', content: `use ${secret} please` }] }
    const shown = JSON.stringify(policy.json(body))
    expect(shown).not.toContain(core)
    expect(policy.text(`failed with ${secret}.`)).not.toContain(core)
    expect(policy.findSecrets(body)).toEqual([expect.stringMatching(/^messages\[0\]\.content: /)])
  })

  it('replaces each value with the marker and keeps the words around it, in a field and in text', () => {
    const seen = PLANTED_SHAPES.map(([kind, secret]) => {
      const body: JsonValue = { content: `use ${secret} please` }
      return `${kind}: ${JSON.stringify(policy.json(body))} | ${policy.text(`failed with ${secret}.`)}`
    })
    expect(seen).toMatchInlineSnapshot(`
      [
        "an sk- key: {"content":"use [redacted] please"} | failed with [redacted].",
        "an sk-proj- key: {"content":"use [redacted] please"} | failed with [redacted].",
        "an sk-ant- key: {"content":"use [redacted] please"} | failed with [redacted].",
        "an AKIA key id: {"content":"use [redacted] please"} | failed with [redacted].",
        "an ASIA key id: {"content":"use [redacted] please"} | failed with [redacted].",
        "a ghp_ token: {"content":"use [redacted] please"} | failed with [redacted].",
        "a github_pat_ token: {"content":"use [redacted] please"} | failed with [redacted].",
        "an xoxb- token: {"content":"use [redacted] please"} | failed with [redacted].",
        "an xoxp- token: {"content":"use [redacted] please"} | failed with [redacted].",
        "an AIza key: {"content":"use [redacted] please"} | failed with [redacted].",
        "a JWT: {"content":"use [redacted] please"} | failed with [redacted].",
        "an AWS SigV4 authorization: {"content":"use [redacted] please"} | failed with [redacted].",
        "an AWS SigV4 signature: {"content":"use [redacted] please"} | failed with [redacted].",
        "a bearer string: {"content":"use Bearer [redacted] please"} | failed with Bearer [redacted]",
        "a basic string: {"content":"use Basic [redacted] please"} | failed with Basic [redacted].",
        "a private key block: {"content":"use [redacted] please"} | failed with [redacted].",
        "a password in a URL: {"content":"use https://ana:[redacted]@db.example/x please"} | failed with https://ana:[redacted]@db.example/x.",
      ]
    `)
  })

  it('leaves ids, digests and prose alone', () => {
    const ordinary = [
      'chatcmpl-1',
      'req_1',
      'call_AbCdEf123',
      'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'Bearer instruments are paper.',
      'Basic troubleshooting first.',
      'task-0123456789abcdefghij',
      'ORD-1001',
      'The session ended; key points: none.',
    ]
    for (const text of ordinary) expect(policy.text(text)).toBe(text)
  })

  it('keeps the scheme word of a credential header value', () => {
    expect(policy.text('Authorization: Bearer abc123def456ghi789')).toBe(
      `Authorization: Bearer ${REDACTED}`,
    )
    expect(policy.text('https://ana:hunter2@db.test/x')).toBe(`https://ana:${REDACTED}@db.test/x`)
  })
})

describe('the redaction policy in text, URLs and headers', () => {
  it('masks credential query parameters in a URL and name=value or "name": "value" pairs', () => {
    expect(
      policy.text(
        'GET https://x.test/v1?sig=abc&subscription-key=def&X-Amz-Signature=ghi&client_secret=jkl&q=hello',
      ),
    ).toBe(
      `GET https://x.test/v1?sig=${REDACTED}&subscription-key=${REDACTED}&X-Amz-Signature=${REDACTED}&client_secret=${REDACTED}&q=hello`,
    )
    expect(policy.text('{"api_key": "abc", "model": "m"}')).toBe(
      `{"api_key": "${REDACTED}", "model": "m"}`,
    )
    expect(policy.text('arguments "{\\"password\\":\\"hunter2\\"}"')).toBe(
      `arguments "{\\"password\\":\\"${REDACTED}\\"}"`,
    )
    expect(policy.text('x-api-key: 3f9a8b7c6d5e')).toBe(`x-api-key: ${REDACTED}`)
  })

  it('withholds a query parameter by its name or by its value', () => {
    expect(policy.isSecretParam('sig', 'abc')).toBe(true)
    expect(policy.isSecretParam('Subscription-Key', 'abc')).toBe(true)
    expect(policy.isSecretParam('q', 'sk-proj-abcdefghijklmnop1234')).toBe(true)
    expect(policy.isSecretParam('max_tokens', '100')).toBe(false)
    expect(policy.isSecretParam('api-version', '2024-06-01')).toBe(false)
  })

  it('masks credential headers and credential shapes in the others', () => {
    expect(
      policy.headers({
        authorization: 'Bearer abc',
        'x-api-key': 'k',
        cookie: 's=1',
        'x-trace': 'AKIAABCDEFGHIJKLMNOP',
        'content-type': 'application/json',
      }),
    ).toEqual({
      authorization: REDACTED,
      'x-api-key': REDACTED,
      cookie: REDACTED,
      'x-trace': REDACTED,
      'content-type': 'application/json',
    })
  })

  it('is stable: redacting twice changes nothing more', () => {
    const text = `key=abc "token": "x" Bearer abc123def456ghi789 ${PLANTED_SHAPES[0]![1]}`
    const once = policy.text(text)
    expect(policy.text(once)).toBe(once)
    const body: JsonValue = { a: { password: 'p' }, b: PLANTED_SHAPES[1]![1] }
    expect(policy.findSecrets(policy.json(body))).toEqual([])
  })
})

describe("the user's redact and keep", () => {
  it('redact adds names (any depth, any separator) and body paths, whatever the value', () => {
    const custom = secretPolicy({ redact: ['customer_note', 'metadata.order_ref', 'items.*.sku'] })
    expect(
      custom.json({
        customerNote: 'n',
        deep: { 'customer-note': 'n2' },
        metadata: { order_ref: 42, other: 'o' },
        items: [{ sku: 'A' }, { sku: 'B' }],
        order_ref: 'kept: not at the path',
      }),
    ).toEqual({
      customerNote: REDACTED,
      deep: { 'customer-note': REDACTED },
      metadata: { order_ref: REDACTED, other: 'o' },
      items: [{ sku: REDACTED }, { sku: REDACTED }],
      order_ref: 'kept: not at the path',
    })
    expect(custom.isSecretParam('customer_note', 'x')).toBe(true)
    expect(custom.text('customer_note=abc')).toBe(`customer_note=${REDACTED}`)
  })

  it('keep exempts a field by name or path from names and shapes', () => {
    const custom = secretPolicy({ keep: ['session_id', 'metadata.auth'] })
    const body: JsonValue = {
      sessionId: 'sess-1',
      metadata: { auth: 'visible', password: 'p' },
      auth: 'hidden',
    }
    expect(custom.json(body)).toEqual({
      sessionId: 'sess-1',
      metadata: { auth: 'visible', password: REDACTED },
      auth: REDACTED,
    })
    expect(custom.isSecretParam('session_id', 'x')).toBe(false)
    expect(custom.headers({ 'Session-Id': 'abc' })).toEqual({ 'Session-Id': 'abc' })
  })

  it('names where a value still holds a credential, for scans', () => {
    expect(
      policy.findSecrets({
        interactions: [{ request: { url: 'https://x.test/?sig=abc', body: { api_key: 'k' } } }],
      }),
    ).toEqual([
      'interactions[0].request.url: a secret by its name',
      'interactions[0].request.body.api_key: a secret by its name',
    ])
  })
})
