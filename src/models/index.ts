/**
 * Model traffic of a case: requests to configured model hosts are live,
 * recorded, replayed from a cassette, or refused; usage comes from the
 * provider's answers.
 */

export type { CaseModels, LlmSource, ModelMode, ModelUsage } from '../core/model-usage.ts'
export { canonicalRequest, canonicalUrl, REDACTED } from './canonical.ts'
export { cassettePath, readCassette, writeCassette } from './cassette.ts'
export {
  InvalidCassetteError,
  InvalidModelsOptionError,
  ModelCassetteMissError,
  ModelModeError,
} from './errors.ts'
export { DEFAULT_MODEL_HOSTS, isModelUrl } from './hosts.ts'
export { firstDifference } from './json-diff.ts'
export { type LiveAnswer, replayResponse, sendLive } from './live.ts'
export { isModelRequest, llmLabel, type ModelTrafficCounts } from './llm-label.ts'
export { type ModeSources, resolveModelMode } from './mode.ts'
export { checkModelsOptions } from './options.ts'
export { modelFetch, modelTraffic } from './serve.ts'
export { createModelSession, type ModelSession, type ModelSessionOptions } from './session.ts'
export { formatSseEvent, parseSse, sseStream } from './sse.ts'
export * from './types.ts'
export { costOf, usageOf } from './usage.ts'
