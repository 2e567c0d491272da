import type { SpanStatusCode, TraceSpan } from '../core/case-trace.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { sortSpans } from './otlp-json.ts'

/**
 * The part of an OpenTelemetry SDK `ReadableSpan` that is read here, typed
 * structurally so the SDK stays an optional peer (never imported).
 */
export interface ReadableSpanLike {
  name: string
  spanContext(): { traceId: string; spanId: string }
  /** SDK 2.x. */
  parentSpanContext?: { spanId: string }
  /** SDK 1.x. */
  parentSpanId?: string
  startTime: [number, number]
  endTime?: [number, number]
  status: { code: number; message?: string }
  attributes: Record<string, unknown>
}

/** An OpenTelemetry `SpanExporter`, structurally: hand it to a `SimpleSpanProcessor`. */
export interface CollectingSpanExporter {
  export(spans: ReadableSpanLike[], done: (result: { code: number }) => void): void
  shutdown(): Promise<void>
  forceFlush(): Promise<void>
}

/** The in-memory exporter of one case and the spans it has received. */
export interface SpanCollector {
  readonly exporter: CollectingSpanExporter
  /** Every span exported so far, in start order. */
  spans(): TraceSpan[]
}

const STATUS: readonly SpanStatusCode[] = ['UNSET', 'OK', 'ERROR']

function nanos([seconds, fraction]: [number, number]): string {
  return (BigInt(seconds) * 1_000_000_000n + BigInt(fraction)).toString()
}

function attributeValue(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(attributeValue)
  if (typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value)
  return value === undefined || value === null ? null : String(value)
}

/** Converts an SDK span into the plain span model the checks read. */
export function fromReadableSpan(span: ReadableSpanLike): TraceSpan {
  const context = span.spanContext()
  const attributes: JsonObject = {}
  for (const [key, value] of Object.entries(span.attributes ?? {})) {
    if (value !== undefined) attributes[key] = attributeValue(value)
  }
  const out: TraceSpan = {
    traceId: context.traceId,
    spanId: context.spanId,
    name: span.name,
    startTimeUnixNano: nanos(span.startTime),
    attributes,
    status: { code: STATUS[span.status?.code ?? 0] ?? 'UNSET' },
  }
  const parent = span.parentSpanContext?.spanId ?? span.parentSpanId
  if (parent) out.parentSpanId = parent
  if (span.endTime) out.endTimeUnixNano = nanos(span.endTime)
  if (span.status?.message) out.status.message = span.status.message
  return out
}

/**
 * An in-memory span exporter for one case. The case hands `exporter` to the
 * agent (`context.trace.exporter`); whatever the agent's tracer exports is kept
 * as its claimed trajectory.
 * @example
 * const collector = createSpanCollector()
 * const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(collector.exporter)] })
 */
export function createSpanCollector(): SpanCollector {
  const received: TraceSpan[] = []
  let open = true
  return {
    exporter: {
      export(spans, done) {
        // A span exported after the case ended is not part of the case.
        if (!open) return done({ code: 1 })
        received.push(...spans.map(fromReadableSpan))
        done({ code: 0 })
      },
      async shutdown() {
        open = false
      },
      async forceFlush() {},
    },
    spans: () => sortSpans(received),
  }
}
