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
  serialise(form, { keys: [], seen: new Set(), write }, drops)
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
  // Plain data is compared in place. Anything else (a toJSON, a class, a
  // cycle, a value with no JSON form) is compared by its canonical text,
  // which throws for what has no JSON form whether the sides differ or not.
  const compared = plainCompare(a, b, 0)
  if (compared === EQUAL) return true
  if (compared === DIFFERENT && isPlainData(a, 0) && isPlainData(b, 0)) return false
  return canonicalJson(a) === canonicalJson(b)
}

const EQUAL = 0
const DIFFERENT = 1
/** Something only the canonical text can answer for. */
const UNKNOWN = 2
type Compared = typeof EQUAL | typeof DIFFERENT | typeof UNKNOWN

/** Nesting past which plain data is left to the canonical text (a cycle ends there too). */
const PLAIN_DEPTH = 256

/** Compares plain data in place; stops at the first difference or at anything not plain. */
function plainCompare(a: unknown, b: unknown, depth: number): Compared {
  const aContainer = isPlainContainer(a, depth)
  const bContainer = isPlainContainer(b, depth)
  if ((!aContainer && !isPlainLeaf(a)) || (!bContainer && !isPlainLeaf(b))) return UNKNOWN
  if (!aContainer || !bContainer) return a === b ? EQUAL : DIFFERENT
  if (Array.isArray(a) !== Array.isArray(b)) return DIFFERENT
  if (Array.isArray(a)) {
    const other = b as unknown[]
    if (a.length !== other.length) return DIFFERENT
    for (let index = 0; index < a.length; index++) {
      // An undefined item is written as null.
      const item = plainCompare(a[index] ?? null, other[index] ?? null, depth + 1)
      if (item !== EQUAL) return item
    }
    return EQUAL
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  let fields = 0
  for (const key of Object.keys(left)) {
    if (left[key] === undefined) continue
    fields++
    if (right[key] === undefined || !Object.hasOwn(right, key)) return DIFFERENT
    const item = plainCompare(left[key], right[key], depth + 1)
    if (item !== EQUAL) return item
  }
  // An undefined field is an absent one.
  for (const key of Object.keys(right)) if (right[key] !== undefined) fields--
  return fields === 0 ? EQUAL : DIFFERENT
}

/** Plain data all through: what `plainCompare` reads, with undefined fields and items allowed. */
function isPlainData(value: unknown, depth: number): boolean {
  if (isPlainLeaf(value) || value === undefined) return true
  if (!isPlainContainer(value, depth)) return false
  for (const item of Object.values(value)) if (!isPlainData(item, depth + 1)) return false
  return true
}

/** A string, boolean, null or finite number: written as itself. */
function isPlainLeaf(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  )
}

/** An array or an object of the plain prototype without `toJSON`, not nested past `PLAIN_DEPTH`. */
function isPlainContainer(value: unknown, depth: number): value is object {
  if (typeof value !== 'object' || value === null || depth > PLAIN_DEPTH) return false
  if (!Array.isArray(value)) {
    const prototype = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return false
  }
  return typeof (value as { toJSON?: unknown }).toJSON !== 'function'
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

/** No paths to drop: the common case, shared so a walk without drops allocates nothing for them. */
const NOTHING_TO_DROP: { drop: boolean; rest: PatternSegment[][] } = Object.freeze({
  drop: false,
  rest: [],
})

/** Paths still to drop below the current key: those whose first segment matches, minus it. */
function descend(
  drops: PatternSegment[][],
  key: string,
): { drop: boolean; rest: PatternSegment[][] } {
  if (drops.length === 0) return NOTHING_TO_DROP
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

/**
 * One walk's state: the keys down to the current value (joined into a path
 * only for an error), the containers open above it (a cycle), and where the
 * text goes.
 */
interface Walk {
  keys: string[]
  seen: Set<object>
  write: Write
}

/** Writes the canonical JSON of a value that is not undefined (see {@link jsonForm}). */
function serialise(value: unknown, walk: Walk, drops: PatternSegment[][]): void {
  switch (value === null ? 'null' : typeof value) {
    case 'null':
    case 'string':
    case 'boolean':
      walk.write(JSON.stringify(value))
      return
    case 'number':
      if (!Number.isFinite(value))
        throw new NotJsonError(walk.keys.join('.'), `the number ${value} is not finite`)
      walk.write(JSON.stringify(value))
      return
    case 'object':
      break
    default:
      throw new NotJsonError(walk.keys.join('.'), `a ${typeof value} has no JSON form`)
  }
  if (walk.seen.has(value as object))
    throw new NotJsonError(walk.keys.join('.'), 'it contains a cycle')
  walk.seen.add(value as object)
  if (Array.isArray(value)) serialiseArray(value, walk, drops)
  else serialiseObject(value as Record<string, unknown>, walk, drops)
  // Only on the way out of a finished container: a throw ends the whole walk.
  walk.seen.delete(value as object)
}

function serialiseArray(value: unknown[], walk: Walk, drops: PatternSegment[][]): void {
  walk.write('[')
  let first = true
  // An index loop, not forEach: a hole is written as null, as JSON.stringify does.
  for (let index = 0; index < value.length; index++) {
    const key = String(index)
    const { drop, rest } = descend(drops, key)
    if (drop) continue
    if (!first) walk.write(',')
    first = false
    const form = jsonForm(value[index])
    if (form === undefined) walk.write('null')
    else serialiseChild(form, key, walk, rest)
  }
  walk.write(']')
}

function serialiseObject(
  value: Record<string, unknown>,
  walk: Walk,
  drops: PatternSegment[][],
): void {
  walk.write('{')
  let first = true
  for (const key of Object.keys(value).sort()) {
    const { drop, rest } = descend(drops, key)
    if (drop) continue
    const form = jsonForm(value[key])
    if (form === undefined) continue
    walk.write(`${first ? '' : ','}${JSON.stringify(key)}:`)
    first = false
    serialiseChild(form, key, walk, rest)
  }
  walk.write('}')
}

function serialiseChild(form: unknown, key: string, walk: Walk, drops: PatternSegment[][]): void {
  walk.keys.push(key)
  serialise(form, walk, drops)
  walk.keys.pop()
}

/** Every field given in `subset` deep-equals the same field of `value`. */
export function isSubsetOf(subset: JsonObject, value: JsonObject): boolean {
  return Object.keys(subset).every(
    (key) => Object.hasOwn(value, key) && jsonEquals(subset[key], value[key]),
  )
}
