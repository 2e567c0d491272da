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
  let text = ''
  writeCanonical(value, options, (piece) => {
    text += piece
  })
  return text
}

/** Writes the canonical JSON of a value to `write`, piece by piece. */
function writeCanonical(value: unknown, options: CanonicalJsonOptions, write: Write): void {
  const drops = (options.dropPaths ?? []).map(patternOf)
  const form = jsonForm(value)
  if (form === undefined) throw new NotJsonError('', 'the value itself is undefined')
  serialise(form, '', drops, new Set(), write)
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
  const hash = createHash('sha256')
  // Hashed in chunks as it is written: memory stays flat whatever the value's size.
  let chunk = ''
  writeCanonical(value, options, (piece) => {
    chunk += piece
    if (chunk.length >= DIGEST_CHUNK) {
      hash.update(chunk, 'utf8')
      chunk = ''
    }
  })
  return `sha256:${hash.update(chunk, 'utf8').digest('hex')}`
}

/** Characters of canonical text hashed at a time. */
const DIGEST_CHUNK = 64 * 1024

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

/**
 * Where the canonical text goes, piece by piece: a digest hashes it as it is
 * written, so a big state is never held whole as text (nor once per nesting
 * level, as joined parts would be).
 */
type Write = (piece: string) => void

/** The value `serialise` writes: `toJSON` applied, as `JSON.stringify` does. */
function jsonForm(value: unknown): unknown {
  let form = value
  while (form !== null && typeof form === 'object') {
    const toJSON = (form as { toJSON?: unknown }).toJSON
    if (typeof toJSON !== 'function') break
    form = toJSON.call(form)
  }
  return form
}

/** Writes the canonical JSON of a value that is not undefined (see {@link jsonForm}). */
function serialise(
  value: unknown,
  path: string,
  drops: PatternSegment[][],
  seen: Set<object>,
  write: Write,
): void {
  switch (value === null ? 'null' : typeof value) {
    case 'null':
    case 'string':
    case 'boolean':
      write(JSON.stringify(value))
      return
    case 'number':
      if (!Number.isFinite(value)) throw new NotJsonError(path, `the number ${value} is not finite`)
      write(JSON.stringify(value))
      return
    case 'object':
      break
    default:
      throw new NotJsonError(path, `a ${typeof value} has no JSON form`)
  }
  if (seen.has(value as object)) throw new NotJsonError(path, 'it contains a cycle')
  seen.add(value as object)
  try {
    if (Array.isArray(value)) serialiseArray(value, path, drops, seen, write)
    else serialiseObject(value as Record<string, unknown>, path, drops, seen, write)
  } finally {
    seen.delete(value as object)
  }
}

function serialiseArray(
  value: unknown[],
  path: string,
  drops: PatternSegment[][],
  seen: Set<object>,
  write: Write,
): void {
  write('[')
  let first = true
  value.forEach((item, index) => {
    const { drop, rest } = descend(drops, String(index))
    if (drop) return
    if (!first) write(',')
    first = false
    const form = jsonForm(item)
    if (form === undefined) write('null')
    else serialise(form, join(path, String(index)), rest, seen, write)
  })
  write(']')
}

function serialiseObject(
  value: Record<string, unknown>,
  path: string,
  drops: PatternSegment[][],
  seen: Set<object>,
  write: Write,
): void {
  write('{')
  let first = true
  for (const key of Object.keys(value).sort()) {
    const { drop, rest } = descend(drops, key)
    if (drop) continue
    const form = jsonForm(value[key])
    if (form === undefined) continue
    write(`${first ? '' : ','}${JSON.stringify(key)}:`)
    first = false
    serialise(form, join(path, key), rest, seen, write)
  }
  write('}')
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
