import { describe, expect, it } from 'vitest'
import {
  canonicalRequest,
  costOf,
  firstDifference,
  formatSseEvent,
  isModelUrl,
  parseSse,
  resolveModelMode,
  usageOf,
} from '../../src/models/index.ts'

describe('resolveModelMode', () => {
  it('defaults to replay under CI and auto elsewhere', () => {
    expect(resolveModelMode({ env: { CI: 'true' } }).mode).toBe('replay')
    expect(resolveModelMode({ env: {} }).mode).toBe('auto')
    expect(resolveModelMode({ env: { CI: 'false' } }).mode).toBe('auto')
  })

  it('lets the CLI win over the environment, and the environment over the option', () => {
    expect(
      resolveModelMode({ cli: 'off', option: 'auto', env: { AGENTTWIN_MODELS: 'record' } }).mode,
    ).toBe('off')
    expect(resolveModelMode({ option: 'auto', env: { AGENTTWIN_MODELS: 'record' } }).mode).toBe(
      'record',
    )
  })

  it('refuses a live mode from the configuration under CI, naming the explicit way', () => {
    expect(() => resolveModelMode({ option: 'record', env: { CI: '1' } })).toThrow(
      /CI is set.*AGENTTWIN_MODELS=record/,
    )
    expect(
      resolveModelMode({ option: 'record', env: { CI: '1', AGENTTWIN_MODELS: 'record' } }).mode,
    ).toBe('record')
  })

  it('names an unknown mode and the valid ones', () => {
    expect(() => resolveModelMode({ env: { AGENTTWIN_MODELS: 'replya' } })).toThrow(
      'AGENTTWIN_MODELS is "replya", which is not a model mode. Fix: use one of live, record, replay, auto, off.',
    )
  })
})

describe('canonical requests', () => {
  it('sorts keys, drops volatile fields, redacts body fields and secret query parameters', () => {
    const request = canonicalRequest(
      'post',
      'https://example.test/v1/chat?key=SECRET&b=2&a=1',
      JSON.stringify({
        user: 'u-1',
        model: 'm',
        metadata: { secret: 'S' },
        messages: [{ role: 'user' }],
      }),
      { volatile: ['user'], redact: ['metadata.secret'] },
    )
    expect(JSON.stringify(request)).toBe(
      '{"method":"POST","url":"https://example.test/v1/chat?a=1&b=2","body":{"messages":[{"role":"user"}],"metadata":{"secret":"[redacted]"},"model":"m"}}',
    )
  })

  it('tells model hosts by name or by base URL', () => {
    expect(isModelUrl(new URL('https://api.openai.com/v1/responses'), ['api.openai.com'])).toBe(
      true,
    )
    expect(isModelUrl(new URL('http://127.0.0.1:9/v1/x'), ['http://127.0.0.1:9/v1'])).toBe(true)
    expect(isModelUrl(new URL('http://127.0.0.1:9/v10/x'), ['http://127.0.0.1:9/v1'])).toBe(false)
    expect(isModelUrl(new URL('https://tools.demo-co.example/x'), ['api.openai.com'])).toBe(false)
  })
})

describe('firstDifference', () => {
  it('names the first changed field path', () => {
    const recorded = { messages: [{ content: 'a' }, { content: 'b' }], model: 'm' }
    const now = { messages: [{ content: 'a' }, { content: 'c' }], model: 'n' }
    expect(firstDifference(recorded, now)).toBe(
      'messages[1].content differs: recorded "b", now "c"',
    )
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toBe('b differs: recorded (absent), now 2')
    expect(firstDifference({ a: [1] }, { a: [1] })).toBeUndefined()
  })

  // A 300-character prompt whose 150th word changed: the same prefix on both sides would hide it.
  const words = Array.from({ length: 60 }, (_, at) => `w${String(at).padStart(3, '0')}`)
  const long = words.join(' ')

  it('shows a window around the first differing character in the middle, cut the same way', () => {
    const changed = long.replace('w030', 'X030')
    const at = long.indexOf('w030')
    const message = firstDifference({ content: long }, { content: changed })!
    const before = long.slice(at - 30, at)
    const fromChange = (text: string) => text.slice(at, at + 60)
    expect(message).toBe(
      `content differs at character ${at + 1}: recorded …"${before}${fromChange(long)}"…, now …"${before}${fromChange(changed)}"…`,
    )
    expect(message).toMatchInlineSnapshot(
      `"content differs at character 151: recorded …"w024 w025 w026 w027 w028 w029 w030 w031 w032 w033 w034 w035 w036 w037 w038 w039 w040 w041 "…, now …"w024 w025 w026 w027 w028 w029 X030 w031 w032 w033 w034 w035 w036 w037 w038 w039 w040 w041 "…"`,
    )
  })

  it('shows the end when the change is at the end, and the start when it is at the start', () => {
    const longer = `${long} Be brief.`
    expect(firstDifference({ c: long }, { c: longer })).toBe(
      `c differs at character ${long.length + 1}: recorded …"${long.slice(-30)}", now …"${long.slice(-30)} Be brief."`,
    )
    const first = `X${long.slice(1)}`
    expect(firstDifference({ c: long }, { c: first })).toBe(
      `c differs: recorded "${long.slice(0, 60)}"…, now "${first.slice(0, 60)}"…`,
    )
  })

  it('counts and cuts in code points, never splitting an emoji, and quotes as JSON', () => {
    const base = `${'😀'.repeat(40)}é"\n${'🙂'.repeat(70)}`
    const changed = base.replace('é', 'è')
    const message = firstDifference({ c: base }, { c: changed })!
    expect(message).toMatch(/^c differs at character 41: recorded …"/)
    expect(message).toMatchInlineSnapshot(
      `"c differs at character 41: recorded …"😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀é\\"\\n🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂"…, now …"😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀è\\"\\n🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂🙂"…"`,
    )
    const [recorded, now] = message.split(', now ')
    expect(message).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
    // Both sides are cut at the same places: as many characters each.
    const shown = (side: string) => Array.from(side.slice(side.indexOf('…"'))).length
    expect(shown(recorded!)).toBe(shown(now!))
  })

  it('shows values that are not both texts as JSON, with the same window', () => {
    const big = { list: Array.from({ length: 50 }, (_, at) => at) }
    const message = firstDifference({ v: big }, { v: 'now a text' })!
    expect(message).toBe(
      `v differs: recorded ${JSON.stringify(big).slice(0, 60)}…, now "now a text"`,
    )
    expect(firstDifference({ n: 1 }, { n: 2 })).toBe('n differs: recorded 1, now 2')
  })
})

describe('SSE', () => {
  it('round-trips events in order, JSON data parsed and [DONE] kept as text', () => {
    const wire =
      'event: message_start\ndata: {"type":"message_start"}\n\n: comment\n\ndata: [DONE]\n\n'
    const events = parseSse(wire)
    expect(events).toEqual([
      { event: 'message_start', data: { type: 'message_start' } },
      { data: '[DONE]' },
    ])
    expect(events.map(formatSseEvent).join('')).toBe(
      'event: message_start\ndata: {"type":"message_start"}\n\ndata: [DONE]\n\n',
    )
  })
})

describe('usage from provider answers', () => {
  it('reads Chat Completions, Responses and Anthropic figures; absent figures are null, not 0', () => {
    const chat = usageOf(
      {
        status: 200,
        headers: {},
        body: { model: 'gpt', usage: { prompt_tokens: 9, completion_tokens: 3 } },
      },
      5,
    )
    expect(chat).toEqual({
      model: 'gpt',
      inputTokens: 9,
      outputTokens: 3,
      cachedTokens: null,
      latencyMs: 5,
    })
    const anthropicStream = usageOf(
      {
        status: 200,
        headers: {},
        events: [
          {
            event: 'message_start',
            data: {
              message: {
                model: 'claude',
                usage: { input_tokens: 20, output_tokens: 1, cache_read_input_tokens: 4 },
              },
            },
          },
          { event: 'message_delta', data: { usage: { output_tokens: 15 } } },
        ],
      },
      7,
    )
    expect(anthropicStream).toEqual({
      model: 'claude',
      inputTokens: 20,
      outputTokens: 15,
      cachedTokens: 4,
      latencyMs: 7,
    })
    const none = usageOf({ status: 500, headers: {}, body: 'oops' }, 1)
    expect(none.inputTokens).toBeNull()
  })

  it('prices calls from a table, and gives no cost when a model is missing from it', () => {
    const call = {
      model: 'm',
      inputTokens: 1_000_000,
      outputTokens: 500_000,
      cachedTokens: 200_000,
      latencyMs: 1,
    }
    expect(costOf([call], { m: { input: 2, output: 8, cached: 1 } })).toBe(1.6 + 0.2 + 4)
    expect(costOf([call], { other: { input: 1, output: 1 } })).toBeUndefined()
  })
})
