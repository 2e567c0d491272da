import { MAX_NESTING_DEPTH, nestsDeeperThan } from '../core/depth.ts'
import { InvalidCassetteError } from './errors.ts'
import type { Cassette } from './types.ts'

/**
 * Statuses a replayed answer may carry: what `new Response` accepts. A model
 * provider's final answer is never informational (1xx).
 */
const MIN_STATUS = 200
const MAX_STATUS = 599
/** Statuses whose answer has no body (Fetch's "null body status"). */
const NULL_BODY_STATUSES = new Set([204, 205, 304])
/** An HTTP token (RFC 9110): a method or a header name. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
/** A header value: visible characters, spaces and tabs, never CR, LF or NUL (RFC 9110 field-value). */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/
const USAGE_COUNTS = ['inputTokens', 'outputTokens', 'cachedTokens'] as const

type Fields = Record<string, unknown>

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing'
  const text = JSON.stringify(value) ?? String(value)
  return `${text.length > 60 ? `${text.slice(0, 57)}...` : text}`
}

/**
 * The problem with one interaction, named by its field path, or `undefined`.
 * Everything replay hands to `new Headers` / `new Response` is checked here,
 * so a hand-edited cassette is a located error, not a crash inside the SDK.
 */
function interactionProblem(entry: unknown, at: string): string | undefined {
  if (!isObject(entry)) return `${at} is ${describe(entry)}, expected an object`
  const { request, response, usage } = entry
  if (!isObject(request)) return `${at}.request is ${describe(request)}, expected an object`
  if (typeof request.method !== 'string' || !TOKEN.test(request.method))
    return `${at}.request.method is ${describe(request.method)}, expected an HTTP method such as "POST"`
  if (typeof request.url !== 'string' || !URL.canParse(request.url))
    return `${at}.request.url is ${describe(request.url)}, expected an absolute URL`
  if (!isObject(response)) return `${at}.response is ${describe(response)}, expected an object`
  const { status, headers, events } = response
  if (
    typeof status !== 'number' ||
    !Number.isInteger(status) ||
    status < MIN_STATUS ||
    status > MAX_STATUS
  )
    return `${at}.response.status is ${describe(status)}, expected an integer HTTP status from ${MIN_STATUS} to ${MAX_STATUS}`
  const hasBody = (response.body !== undefined && response.body !== null) || events !== undefined
  if (NULL_BODY_STATUSES.has(status) && hasBody)
    return `${at}.response has a body, but status ${status} answers without one`
  if (!isObject(headers))
    return `${at}.response.headers is ${describe(headers)}, expected an object of strings`
  for (const [name, value] of Object.entries(headers)) {
    if (!TOKEN.test(name))
      return `${at}.response.headers has the name ${describe(name)}, which is not an HTTP header name`
    if (typeof value !== 'string' || !FIELD_VALUE.test(value))
      return `${at}.response.headers.${name} is ${describe(value)}, expected a header value without CR, LF or NUL`
  }
  if (events !== undefined) {
    if (!Array.isArray(events))
      return `${at}.response.events is ${describe(events)}, expected a list`
    for (const [index, event] of events.entries()) {
      if (!isObject(event) || !('data' in event))
        return `${at}.response.events[${index}] is ${describe(event)}, expected { event?, data }`
      if (
        event.event !== undefined &&
        (typeof event.event !== 'string' || /[\r\n]/.test(event.event))
      )
        return `${at}.response.events[${index}].event is ${describe(event.event)}, expected one line of text`
    }
  }
  if (!isObject(usage)) return `${at}.usage is ${describe(usage)}, expected an object`
  if (usage.model !== null && usage.model !== undefined && typeof usage.model !== 'string')
    return `${at}.usage.model is ${describe(usage.model)}, expected a string or null`
  for (const count of USAGE_COUNTS) {
    const value = usage[count]
    if (
      value !== null &&
      value !== undefined &&
      !(typeof value === 'number' && value >= 0 && Number.isFinite(value))
    )
      return `${at}.usage.${count} is ${describe(value)}, expected a number of tokens or null`
  }
  if (
    typeof usage.latencyMs !== 'number' ||
    !(usage.latencyMs >= 0) ||
    !Number.isFinite(usage.latencyMs)
  )
    return `${at}.usage.latencyMs is ${describe(usage.latencyMs)}, expected milliseconds`
  return undefined
}

/**
 * Checks a parsed cassette before any of it is replayed: its shape, each
 * request and recorded answer (status, header names and values), the usage
 * numbers, and how deeply its bodies nest. A problem is an
 * `InvalidCassetteError` naming the file and the field.
 * @example
 * const cassette = checkCassette(JSON.parse(text), 'cassettes/refund/support@1.cassette.json')
 */
export function checkCassette(parsed: unknown, file: string): Cassette {
  if (
    !isObject(parsed) ||
    parsed.schema !== 'agenttwin/cassette.v1' ||
    !Array.isArray(parsed.interactions)
  ) {
    throw new InvalidCassetteError(
      file,
      'is not an agenttwin/cassette.v1 document with an interactions list',
    )
  }
  for (const [index, entry] of parsed.interactions.entries()) {
    const at = `interactions[${index}]`
    // Depth first: the other checks and the replay itself walk the bodies.
    if (nestsDeeperThan(entry, MAX_NESTING_DEPTH)) {
      throw new InvalidCassetteError(
        file,
        `${at} nests more than ${MAX_NESTING_DEPTH} levels deep; no model request or answer needs that many`,
      )
    }
    const problem = interactionProblem(entry, at)
    if (problem) throw new InvalidCassetteError(file, problem)
  }
  return parsed as unknown as Cassette
}
