import { clip, type HttpJudgeTransport, postJson } from './http.ts'
import { buildJudgePrompt, PROMPT_VERSION } from './prompt.ts'
import type { Judge, JudgeOutcome, JudgeRequest } from './types.ts'
import { parseVerdict } from './verdict.ts'

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com/v1'
export const ANTHROPIC_VERSION = '2023-06-01'
/** Used when neither the config nor `AGENTTWIN_JUDGE_MODEL` names a model; recorded in every result. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-sonnet-4-5'

export interface AnthropicJudgeOptions extends HttpJudgeTransport {
  apiKey: string
  model?: string
  /** `/messages` is appended. Default `https://api.anthropic.com/v1`. */
  baseUrl?: string
  /** Default 512. */
  maxTokens?: number
}

/**
 * A judge backed by the Anthropic Messages API (plain `fetch`, no SDK).
 * `stop_reason: "refusal"`, an answer cut off at `max_tokens`, or text that is not
 * a verdict all give a failure (an `ERROR` result), never a score.
 * @example
 * const judge = createAnthropicJudge({ apiKey: process.env.ANTHROPIC_API_KEY!, model: 'claude-sonnet-4-5' })
 */
export function createAnthropicJudge(options: AnthropicJudgeOptions): Judge {
  const model = options.model ?? DEFAULT_ANTHROPIC_MODEL
  const url = `${(options.baseUrl ?? ANTHROPIC_BASE_URL).replace(/\/+$/, '')}/messages`
  const who = `anthropic/${model}`
  return {
    provider: 'anthropic',
    model,
    kind: 'llm',
    promptVersion: PROMPT_VERSION,
    async judge(request: JudgeRequest): Promise<JudgeOutcome> {
      const prompt = buildJudgePrompt(request)
      const answer = await postJson(
        url,
        { 'x-api-key': options.apiKey, 'anthropic-version': ANTHROPIC_VERSION },
        {
          model,
          max_tokens: options.maxTokens ?? 512,
          temperature: 0,
          system: prompt.system,
          messages: [{ role: 'user', content: prompt.user }],
        },
        {
          who,
          signal: request.signal,
          timeoutMs: options.timeoutMs,
          // A case's recorded model traffic when the call is about a case.
          fetch: request.fetch ?? options.fetch,
        },
      )
      if (!answer.ok) return answer
      return readMessage(answer.body, who)
    },
  }
}

interface MessageBody {
  content?: unknown
  stop_reason?: unknown
}

function readMessage(body: unknown, who: string): JudgeOutcome {
  const message = (body ?? {}) as MessageBody
  const text = Array.isArray(message.content)
    ? message.content
        .filter(isTextBlock)
        .map((block) => block.text)
        .join('')
    : undefined
  if (message.stop_reason === 'refusal') {
    const said = text ? `: ${clip(text)}` : ''
    return {
      ok: false,
      failure: 'refused',
      message: `judge ${who} refused to judge (stop_reason "refusal")${said}`,
    }
  }
  if (message.stop_reason === 'max_tokens') {
    return {
      ok: false,
      failure: 'malformed',
      message: `judge ${who} was cut off at max_tokens before finishing its verdict`,
    }
  }
  if (text === undefined || text.trim() === '') {
    return {
      ok: false,
      failure: 'malformed',
      message: `judge ${who} answered without a text content block: ${clip(JSON.stringify(body))}`,
    }
  }
  const parsed = parseVerdict(text)
  if (!parsed.ok)
    return { ok: false, failure: 'malformed', message: `${parsed.message} (judge ${who})` }
  return { ok: true, cached: false, ...parsed.verdict }
}

function isTextBlock(block: unknown): block is { type: 'text'; text: string } {
  if (typeof block !== 'object' || block === null) return false
  const { type, text } = block as { type?: unknown; text?: unknown }
  return type === 'text' && typeof text === 'string'
}
