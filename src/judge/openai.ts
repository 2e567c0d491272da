import { clip, type HttpJudgeTransport, postJson } from './http.ts'
import { buildJudgePrompt, PROMPT_VERSION } from './prompt.ts'
import type { Judge, JudgeOutcome, JudgeRequest } from './types.ts'
import { parseVerdict } from './verdict.ts'

export const OPENAI_BASE_URL = 'https://api.openai.com/v1'
/** Used when neither the config nor `AGENTTWIN_JUDGE_MODEL` names a model; recorded in every result. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini'

export interface OpenAIJudgeOptions extends HttpJudgeTransport {
  /** Sent as `Authorization: Bearer <key>`; omit for local servers that need none. */
  apiKey?: string
  model?: string
  /** Any OpenAI-compatible endpoint; `/chat/completions` is appended. Default `https://api.openai.com/v1`. */
  baseUrl?: string
  /** Names the provider in results; default `openai`. */
  provider?: string
}

/**
 * A judge backed by any OpenAI-compatible chat-completions endpoint (plain `fetch`).
 * `finish_reason: "content_filter"`, a `refusal` in the message, an answer cut off
 * at the length limit, or text that is not a verdict all give a failure (an `ERROR`).
 * @example
 * const judge = createOpenAIJudge({ baseUrl: 'http://localhost:11434/v1', model: 'llama3.1' })
 */
export function createOpenAIJudge(options: OpenAIJudgeOptions = {}): Judge {
  const model = options.model ?? DEFAULT_OPENAI_MODEL
  const provider = options.provider ?? 'openai'
  const url = `${(options.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, '')}/chat/completions`
  const who = `${provider}/${model}`
  return {
    provider,
    model,
    kind: 'llm',
    promptVersion: PROMPT_VERSION,
    async judge(request: JudgeRequest): Promise<JudgeOutcome> {
      const prompt = buildJudgePrompt(request)
      const headers: Record<string, string> = options.apiKey
        ? { authorization: `Bearer ${options.apiKey}` }
        : {}
      const answer = await postJson(
        url,
        headers,
        {
          model,
          temperature: 0,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
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
      return readCompletion(answer.body, who)
    },
  }
}

interface CompletionBody {
  choices?: Array<{
    finish_reason?: unknown
    message?: { content?: unknown; refusal?: unknown }
  }>
}

function readCompletion(body: unknown, who: string): JudgeOutcome {
  const choice = ((body ?? {}) as CompletionBody).choices?.[0]
  if (!choice) {
    return {
      ok: false,
      failure: 'malformed',
      message: `judge ${who} answered without choices: ${clip(JSON.stringify(body))}`,
    }
  }
  const refusal = choice.message?.refusal
  if (typeof refusal === 'string' && refusal !== '') {
    return {
      ok: false,
      failure: 'refused',
      message: `judge ${who} refused to judge: ${clip(refusal)}`,
    }
  }
  if (choice.finish_reason === 'content_filter') {
    return {
      ok: false,
      failure: 'refused',
      message: `judge ${who} refused to judge (finish_reason "content_filter")`,
    }
  }
  if (choice.finish_reason === 'length') {
    return {
      ok: false,
      failure: 'malformed',
      message: `judge ${who} was cut off at the length limit before finishing its verdict`,
    }
  }
  const content = choice.message?.content
  if (typeof content !== 'string' || content.trim() === '') {
    return {
      ok: false,
      failure: 'malformed',
      message: `judge ${who} answered without message content`,
    }
  }
  const parsed = parseVerdict(content)
  if (!parsed.ok)
    return { ok: false, failure: 'malformed', message: `${parsed.message} (judge ${who})` }
  return { ok: true, cached: false, ...parsed.verdict }
}
