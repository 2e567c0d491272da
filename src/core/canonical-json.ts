/**
 * Canonical JSON: one text per value, so equal data compares and hashes equal
 * byte for byte (keys sorted by UTF-16 code units, no insignificant whitespace,
 * `undefined` object fields dropped, `undefined` array items as `null` like
 * `JSON.stringify`). Values without a JSON form throw `NotJsonError`
 * instead of being silently dropped.
 */
import { createHash } from 'node:crypto'
import { NotJsonError } from './errors.ts'
import type { JsonObject, JsonValue } from './json.ts'
import { ANY_KEY, type PatternSegment, patternOf } from './state-path.ts'

export interface CanonicalJsonOptions {
  /**
   * Path patterns removed before serialising, e.g. `['orders.*.updated_at']`
   * (`core/state-path.ts`): a `*` segment matches every key of an object or
   * every item of an array.
   */
  dropPaths?: readonly string[]
}

/**
 * Serialises a value to canonical JSON.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, undefined] }) // '{"a":[true,null],"b":1}'
 * canonicalJson({ a: 1, at: 'x' }, { dropPaths: ['at'] }) // '{"a":1}'
 */
export function canonicalJson(value: unknown, options: CanonicalJsonOptions = {}): string {
  const drops = (options.dropPaths ?? []).map(patternOf)
  const text = serialise(value, '', drops, new Set())
  if (text === undefined) throw new NotJsonError('', 'the value itself is undefined')
  return text
}

/**
 * Deep equality of JSON data: object key order does not matter, array order
 * does, an `undefined` object field is the same as an absent one, and
 * `undefined` itself equals only `undefined`.
 *
 * @example
 * jsonEquals({ a: 1, b: [2] }, { b: [2], a: 1 }) // true
 * jsonEquals({ a: 1, b: undefined }, { a: 1 }) // true
 */
export function jsonEquals(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b
  return canonicalJson(a) === canonicalJson(b)
}

/** The value with object keys sorted at every depth; arrays keep their order. */
export function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value !== null && typeof value === 'object') {
    const sorted: { [key: string]: JsonValue } = {}
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key] as JsonValue)
    return sorted
  }
  return value
}

/**
 * Canonical JSON for display: sorted keys, two-space indent, so two values
 * diff line by line.
 * @example
 * prettyJson({ b: 1, a: 2 }) // '{\n  "a": 2,\n  "b": 1\n}'
 */
export function prettyJson(value: JsonValue): string {
  return JSON.stringify(sortKeys(value), null, 2)
}

/**
 * `sha256:<hex>` of the canonical JSON of a value.
 *
 * @example
 * digest({ a: 1, b: 2 }) === digest({ b: 2, a: 1 }) // true
 */
export function digest(value: unknown, options: CanonicalJsonOptions = {}): string {
  const hash = createHash('sha256').update(canonicalJson(value, options), 'utf8').digest('hex')
  return `sha256:${hash}`
}

/** Paths still to drop below the current key: those whose first segment matches, minus it. */
function descend(
  drops: PatternSegment[][],
  key: string,
): { drop: boolean; rest: PatternSegment[][] } {
  let drop = false
  const rest: PatternSegment[][] = []
  for (const segments of drops) {
    const [head, ...tail] = segments
    if (head !== key && head !== ANY_KEY) continue
    if (tail.length === 0) drop = true
    else rest.push(tail)
  }
  return { drop, rest }
}

function serialise(
  value: unknown,
  path: string,
  drops: PatternSegment[][],
  seen: Set<object>,
): string | undefined {
  if (value === undefined) return undefined
  if (value === null) return 'null'
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value)
    case 'number':
      if (!Number.isFinite(value)) throw new NotJsonError(path, `the number ${value} is not finite`)
      return JSON.stringify(value)
    case 'object':
      break
    default:
      throw new NotJsonError(path, `a ${typeof value} has no JSON form`)
  }
  const withJson = value as { toJSON?: unknown }
  if (typeof withJson.toJSON === 'function') {
    return serialise((withJson.toJSON as () => unknown)(), path, drops, seen)
  }
  if (seen.has(value as object)) throw new NotJsonError(path, 'it contains a cycle')
  seen.add(value as object)
  try {
    if (Array.isArray(value)) return serialiseArray(value, path, drops, seen)
    return serialiseObject(value as Record<string, unknown>, path, drops, seen)
  } finally {
    seen.delete(value as object)
  }
}

function serialiseArray(
  value: unknown[],
  path: string,
  drops: PatternSegment[][],
  seen: Set<object>,
) {
  const parts: string[] = []
  value.forEach((item, index) => {
    const { drop, rest } = descend(drops, String(index))
    if (drop) return
    parts.push(serialise(item, join(path, String(index)), rest, seen) ?? 'null')
  })
  return `[${parts.join(',')}]`
}

function serialiseObject(
  value: Record<string, unknown>,
  path: string,
  drops: PatternSegment[][],
  seen: Set<object>,
) {
  const parts: string[] = []
  for (const key of Object.keys(value).sort()) {
    const { drop, rest } = descend(drops, key)
    if (drop) continue
    const text = serialise(value[key], join(path, key), rest, seen)
    if (text !== undefined) parts.push(`${JSON.stringify(key)}:${text}`)
  }
  return `{${parts.join(',')}}`
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key
}

/** Every field given in `subset` deep-equals the same field of `value`. */
export function isSubsetOf(subset: JsonObject, value: JsonObject): boolean {
  return Object.keys(subset).every(
    (key) => Object.hasOwn(value, key) && jsonEquals(subset[key], value[key]),
  )
}
