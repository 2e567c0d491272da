// The model traffic of a case as the CaseRun keeps it: evidence from the provider's answers.
/** How model requests of a case are served. */
export type ModelMode = 'live' | 'record' | 'replay' | 'auto' | 'off'

/**
 * What happened to the model traffic of a case, from the evidence: `live` (sent
 * to the provider), `replayed` (answered from the cassette), `refused` (model
 * traffic off, or a model request the network guard stopped), `missing` (a
 * request the cassette does not hold or does not match), `scripted` (no model
 * request at all). A refusal or a miss wins over what was answered.
 */
export type LlmSource = 'live' | 'replayed' | 'refused' | 'missing' | 'scripted'

/** Tokens, model and latency read from the provider's own answer. */
export interface ModelUsage {
  model: string | null
  inputTokens: number | null
  outputTokens: number | null
  cachedTokens: number | null
  /** From request to the end of the answer, as measured when it was recorded. */
  latencyMs: number
}

/** Model traffic of one case, kept on the CaseRun: evidence from the provider's answers. */
export interface CaseModels {
  llm: LlmSource
  mode: ModelMode
  calls: Array<ModelUsage & { url: string; replayed: boolean }>
  totals: { inputTokens: number; outputTokens: number; cachedTokens: number; latencyMs: number }
  /** Present when a price table covers every call's model. */
  costUsd?: number
}
