import type { JsonObject } from './json.ts'

/** A span's status as OpenTelemetry defines it. */
export type SpanStatusCode = 'UNSET' | 'OK' | 'ERROR'

/**
 * One span, as read from OTLP JSON or from an SDK's `ReadableSpan`: plain,
 * serialisable JSON. Times are nanoseconds since the epoch, as decimal text
 * (they do not fit in a JSON number).
 */
export interface TraceSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  startTimeUnixNano: string
  endTimeUnixNano?: string
  attributes: JsonObject
  status: { code: SpanStatusCode; message?: string }
}

/** The spans an instrumented agent exported during one case: its claimed trajectory. */
export interface CaseTrace {
  /** How the spans arrived: the in-memory exporter of the case context. */
  source: 'exporter'
  spans: TraceSpan[]
}
