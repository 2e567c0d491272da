import type { SpanStatusCode, TraceSpan } from '../core/case-trace.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { InvalidTraceError } from './errors.ts'

type Loose = Record<string, unknown>

const FIX =
  'pass the JSON an OTLP/HTTP JSON exporter sends or a collector file exporter writes: { "resourceSpans": [{ "scopeSpans": [{ "spans": [...] }] }] }, one such object per line'

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An OTLP `AnyValue` as plain JSON (`intValue` may arrive as text: it is an int64). */
export function anyValue(value: unknown): JsonValue {
  if (!isObject(value)) return null
  if ('stringValue' in value) return String(value.stringValue)
  if ('boolValue' in value) return Boolean(value.boolValue)
  if ('intValue' in value) return Number(value.intValue)
  if ('doubleValue' in value) return Number(value.doubleValue)
  if ('bytesValue' in value) return String(value.bytesValue)
  if (isObject(value.arrayValue)) {
    const values = Array.isArray(value.arrayValue.values) ? value.arrayValue.values : []
    return values.map(anyValue)
  }
  if (isObject(value.kvlistValue)) return keyValues(value.kvlistValue.values)
  return null
}

function keyValues(list: unknown): JsonObject {
  const out: JsonObject = {}
  if (!Array.isArray(list)) return out
  for (const item of list) {
    if (isObject(item) && typeof item.key === 'string') out[item.key] = anyValue(item.value)
  }
  return out
}

const STATUS: Record<string, SpanStatusCode> = {
  '0': 'UNSET',
  '1': 'OK',
  '2': 'ERROR',
  STATUS_CODE_UNSET: 'UNSET',
  STATUS_CODE_OK: 'OK',
  STATUS_CODE_ERROR: 'ERROR',
}

function nanos(value: unknown): string | undefined {
  if (typeof value === 'string' && /^\d+$/.test(value)) return value
  if (typeof value === 'number' && Number.isFinite(value))
    return BigInt(Math.round(value)).toString()
  if (isObject(value) && 'low' in value && 'high' in value) {
    // `useLongBits` encoding: two unsigned 32-bit halves.
    const low = BigInt(Number(value.low) >>> 0)
    const high = BigInt(Number(value.high) >>> 0)
    return ((high << 32n) | low).toString()
  }
  return undefined
}

function toSpan(raw: Loose, where: string, file: string): TraceSpan {
  if (typeof raw.spanId !== 'string' || typeof raw.name !== 'string') {
    throw new InvalidTraceError(file, `${where} has no spanId or name`, FIX)
  }
  const status = isObject(raw.status) ? raw.status : {}
  const span: TraceSpan = {
    traceId: typeof raw.traceId === 'string' ? raw.traceId : '',
    spanId: raw.spanId,
    name: raw.name,
    startTimeUnixNano: nanos(raw.startTimeUnixNano) ?? '0',
    attributes: keyValues(raw.attributes),
    status: { code: STATUS[String(status.code ?? 0)] ?? 'UNSET' },
  }
  if (typeof raw.parentSpanId === 'string' && raw.parentSpanId !== '') {
    span.parentSpanId = raw.parentSpanId
  }
  const end = nanos(raw.endTimeUnixNano)
  if (end) span.endTimeUnixNano = end
  if (typeof status.message === 'string' && status.message) span.status.message = status.message
  return span
}

function requestSpans(request: unknown, where: string, file: string): TraceSpan[] {
  if (!isObject(request) || !Array.isArray(request.resourceSpans)) {
    throw new InvalidTraceError(file, `${where} has no "resourceSpans" list`, FIX)
  }
  const spans: TraceSpan[] = []
  request.resourceSpans.forEach((resource, r) => {
    const scopes =
      isObject(resource) && Array.isArray(resource.scopeSpans) ? resource.scopeSpans : []
    scopes.forEach((scope, s) => {
      const list = isObject(scope) && Array.isArray(scope.spans) ? scope.spans : []
      list.forEach((raw, i) => {
        const at = `${where} resourceSpans[${r}].scopeSpans[${s}].spans[${i}]`
        if (!isObject(raw)) throw new InvalidTraceError(file, `${at} is not an object`, FIX)
        spans.push(toSpan(raw, at, file))
      })
    })
  })
  return spans
}

/**
 * Reads OTLP JSON traces: one `ExportTraceServiceRequest` (what the OTLP/HTTP
 * JSON exporter sends), a list of them, or JSON Lines of them (what a
 * collector's file exporter writes). Spans come back in start order.
 * @throws InvalidTraceError naming the line or field that is not OTLP
 * @example
 * const spans = parseOtlpJson(readFileSync('trace.json', 'utf8'), 'trace.json')
 */
export function parseOtlpJson(text: string, file = 'trace'): TraceSpan[] {
  const trimmed = text.trim()
  if (trimmed === '') throw new InvalidTraceError(file, 'the file is empty', FIX)
  let documents: Array<{ value: unknown; where: string }>
  try {
    const value: unknown = JSON.parse(trimmed)
    documents = Array.isArray(value)
      ? value.map((item, i) => ({ value: item, where: `item ${i}` }))
      : [{ value, where: 'the document' }]
  } catch {
    documents = []
    trimmed.split('\n').forEach((line, i) => {
      if (line.trim() === '') return
      try {
        documents.push({ value: JSON.parse(line), where: `line ${i + 1}` })
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        throw new InvalidTraceError(file, `line ${i + 1} is not JSON (${reason})`, FIX)
      }
    })
  }
  const spans = documents.flatMap(({ value, where }) => requestSpans(value, where, file))
  return sortSpans(spans)
}

/** Spans in start order; ties keep their order of arrival. */
export function sortSpans(spans: readonly TraceSpan[]): TraceSpan[] {
  return [...spans].sort((a, b) => {
    const x = BigInt(a.startTimeUnixNano)
    const y = BigInt(b.startTimeUnixNano)
    return x < y ? -1 : x > y ? 1 : 0
  })
}
