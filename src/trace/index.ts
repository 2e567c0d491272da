export type { CaseTrace, SpanStatusCode, TraceSpan } from '../core/case-trace.ts'
export { compareTraceWithRecords, type TraceComparison, type TraceFinding } from './claims.ts'
export { InvalidTraceError } from './errors.ts'
export { GENAI, operationOf, readAgentTrace } from './genai.ts'
export { anyValue, parseOtlpJson, sortSpans } from './otlp-json.ts'
export {
  type CollectingSpanExporter,
  createSpanCollector,
  fromReadableSpan,
  type ReadableSpanLike,
  type SpanCollector,
} from './span-collector.ts'
export type { AgentTrace, TracedToolCall } from './types.ts'
