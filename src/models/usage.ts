import type { ModelUsage } from '../core/model-usage.ts'
import type { CassetteJson, PriceTable, RecordedResponse } from './types.ts'

type Obj = Record<string, CassetteJson>

function obj(value: CassetteJson | undefined): Obj | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : undefined
}

function num(value: CassetteJson | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

interface Partial {
  model?: string
  input?: number | null
  output?: number | null
  cached?: number | null
}

/** Reads a `usage` object of any of the three protocols. */
function readUsage(usage: Obj | undefined, into: Partial): void {
  if (!usage) return
  // Chat Completions: prompt/completion; Responses and Anthropic: input/output.
  const input = num(usage.prompt_tokens) ?? num(usage.input_tokens)
  const output = num(usage.completion_tokens) ?? num(usage.output_tokens)
  const cached =
    num(obj(usage.prompt_tokens_details)?.cached_tokens) ??
    num(obj(usage.input_tokens_details)?.cached_tokens) ??
    num(usage.cache_read_input_tokens)
  if (input !== null) into.input = input
  // Anthropic streams count output cumulatively: the last figure is the total.
  if (output !== null) into.output = output
  if (cached !== null) into.cached = cached
}

function readBody(body: Obj | undefined, into: Partial): void {
  if (!body) return
  if (typeof body.model === 'string') into.model = body.model
  readUsage(obj(body.usage), into)
  // Responses stream: response.created / response.completed carry the response.
  const response = obj(body.response)
  if (response) readBody(response, into)
  // Anthropic stream: message_start carries the message with its first usage.
  const message = obj(body.message)
  if (message) readBody(message, into)
}

/**
 * Tokens and model from the provider's own answer: OpenAI Chat Completions
 * and Responses, Anthropic Messages, streamed or not. A figure the answer
 * does not carry is `null`, never a guessed 0.
 * @example
 * usageOf({ status: 200, headers: {}, body: { model: 'gpt-4o', usage: { prompt_tokens: 9, completion_tokens: 3 } } }, 120)
 */
export function usageOf(response: RecordedResponse, latencyMs: number): ModelUsage {
  const found: Partial = {}
  if (response.events) for (const event of response.events) readBody(obj(event.data), found)
  else readBody(obj(response.body), found)
  return {
    model: found.model ?? null,
    inputTokens: found.input ?? null,
    outputTokens: found.output ?? null,
    cachedTokens: found.cached ?? null,
    latencyMs,
  }
}

/** Cost in USD of the calls, or `undefined` when a call's model or tokens are not in the table. */
export function costOf(calls: readonly ModelUsage[], prices: PriceTable): number | undefined {
  let total = 0
  for (const call of calls) {
    const price = call.model ? prices[call.model] : undefined
    if (!price || call.inputTokens === null || call.outputTokens === null) return undefined
    const cached = call.cachedTokens ?? 0
    const cachedPrice = price.cached ?? price.input
    total +=
      ((call.inputTokens - cached) * price.input +
        cached * cachedPrice +
        call.outputTokens * price.output) /
      1_000_000
  }
  return Math.round(total * 1e6) / 1e6
}
