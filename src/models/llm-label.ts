import type { LlmSource } from '../core/model-usage.ts'
import { DEFAULT_MODEL_HOSTS, isModelUrl } from './hosts.ts'

/** What happened to each model request of a case, counted. */
export interface ModelTrafficCounts {
  /** Sent to the provider (recorded or not), answered or failed on the way. */
  live: number
  /** Answered from the cassette. */
  replayed: number
  /** Refused: model traffic off, or stopped by the network guard outside any model session. */
  refused: number
  /** Not in the cassette, or not matching it. */
  missing: number
}

/**
 * The `llm` label of a case, from what happened to its model requests: a
 * refusal or a cassette miss says so before anything that was answered, and
 * `scripted` means no model request was seen at all, never "unknown".
 * @example
 * llmLabel({ live: 0, replayed: 2, refused: 0, missing: 1 }) // 'missing'
 * llmLabel({ live: 0, replayed: 0, refused: 0, missing: 0 }) // 'scripted'
 */
export function llmLabel(counts: ModelTrafficCounts): LlmSource {
  if (counts.refused > 0) return 'refused'
  if (counts.missing > 0) return 'missing'
  if (counts.live > 0) return 'live'
  if (counts.replayed > 0) return 'replayed'
  return 'scripted'
}

/** Paths of the model APIs AgentTwin knows (OpenAI-compatible, Anthropic, Ollama, Gemini, Bedrock). */
const MODEL_API_PATH =
  /(?:\/chat\/completions|\/v1\/(?:completions|responses|messages|embeddings)|\/api\/(?:chat|generate|embed|embeddings)|:(?:stream)?[gG]enerateContent|\/model\/[^/]+\/(?:converse|converse-stream|invoke|invoke-with-response-stream))$/

/**
 * Whether a refused request was model traffic: to a configured or default model
 * host, or to a known model API path on any host (a model server the case was
 * not configured for).
 * @example
 * isModelRequest('http://127.0.0.1:11434/api/chat', ['api.openai.com']) // true
 * isModelRequest('https://crm.acme.test/contacts', ['api.openai.com']) // false
 */
export function isModelRequest(url: string, hosts: readonly string[]): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (!parsed.protocol.startsWith('http')) return false
  return (
    isModelUrl(parsed, [...hosts, ...DEFAULT_MODEL_HOSTS]) || MODEL_API_PATH.test(parsed.pathname)
  )
}
