/**
 * Safe paths into plain JSON state.
 *
 * A path is a list of atomic segments (the text form is `core/state-path.ts`'s):
 * there is no `..` and no wildcard, so a path can only ever address data below
 * the root it is applied to. Only own properties are read or written;
 * `__proto__`, `constructor` and `prototype` are refused outright, so the
 * prototype chain is never walked.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'
import { formatPath, isForbiddenSegment, pathOf } from '../core/state-path.ts'
import { PathConflictError, UnsafePathError } from './errors.ts'

export { formatPath } from '../core/state-path.ts'

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/

/** A path given as text or as already parsed segments. */
export type PathInput = string | readonly string[]

export interface PathLookup {
  found: boolean
  value?: JsonValue
}

/**
 * Splits a path's text into segments; numeric segments index arrays.
 *
 * @example
 * parsePath('orders.o_1.items.0') // ['orders', 'o_1', 'items', '0']
 * parsePath('orders["o.1"]') // ['orders', 'o.1']
 * parsePath('a..b') // throws UnsafePathError (empty segment)
 */
export function parsePath(path: string): string[] {
  if (typeof path !== 'string') throw new UnsafePathError(String(path), 'the path is empty')
  return pathOf(path)
}

/** Throws `UnsafePathError` when a segment is empty or a prototype key. */
export function assertSafeSegments(segments: readonly string[], path = formatPath(segments)): void {
  for (const segment of segments) {
    if (segment.length === 0) throw new UnsafePathError(path, 'it has an empty segment')
    if (isForbiddenSegment(segment)) {
      throw new UnsafePathError(path, `the segment "${segment}" is not allowed`)
    }
  }
}

function toSegments(path: PathInput): string[] {
  if (typeof path === 'string') return parsePath(path)
  assertSafeSegments(path)
  return [...path]
}

/** One step down, own properties and real array indexes only. */
/** The value one segment below a container: an array's item by canonical index, an object's own key. */
export function child(container: JsonValue | undefined, segment: string): PathLookup {
  if (Array.isArray(container)) {
    if (!ARRAY_INDEX.test(segment)) return { found: false }
    const index = Number(segment)
    return index < container.length ? { found: true, value: container[index] } : { found: false }
  }
  if (isJsonObject(container) && Object.hasOwn(container, segment)) {
    return { found: true, value: container[segment] }
  }
  return { found: false }
}

/**
 * Reads the value at a path. An empty segment list addresses the root itself.
 *
 * @example
 * readPath({ orders: { o_1: { total: 40 } } }, 'orders.o_1.total') // { found: true, value: 40 }
 * readPath({ orders: {} }, 'orders.o_9') // { found: false }
 */
export function readPath(root: JsonValue, path: PathInput): PathLookup {
  const segments = toSegments(path)
  let current: PathLookup = { found: true, value: root }
  for (const segment of segments) {
    current = child(current.value, segment)
    if (!current.found) return { found: false }
  }
  return current
}

/**
 * Writes `value` at a path, creating missing parent objects. Writing to an
 * array index equal to its length appends. Throws `PathConflictError` when a
 * parent is a scalar or an array is addressed with a non-index segment.
 *
 * @example
 * const state = { orders: {} }
 * writePath(state, 'orders.o_1.status', 'paid') // state.orders.o_1 = { status: 'paid' }
 */
export function writePath(root: JsonObject, path: PathInput, value: JsonValue): void {
  const segments = toSegments(path)
  if (segments.length === 0) throw new PathConflictError('', 'cannot replace the root')
  const parent = containerFor(root, segments, true)
  const last = segments[segments.length - 1]!
  if (Array.isArray(parent)) {
    const index = arrayIndex(parent, last, segments, true)
    parent[index] = value
    return
  }
  parent[last] = value
}

/**
 * Removes the value at a path (array items are spliced out).
 * Returns what was there; missing paths change nothing.
 *
 * @example
 * deletePath({ a: { b: 1 } }, 'a.b') // { found: true, value: 1 }
 */
export function deletePath(root: JsonObject, path: PathInput): PathLookup {
  const segments = toSegments(path)
  if (segments.length === 0) throw new PathConflictError('', 'cannot delete the root')
  const existing = readPath(root, segments)
  if (!existing.found) return existing
  const parent = containerFor(root, segments, false)
  const last = segments[segments.length - 1]!
  if (Array.isArray(parent)) parent.splice(Number(last), 1)
  else delete parent[last]
  return existing
}

function arrayIndex(array: JsonValue[], segment: string, segments: string[], forWrite: boolean) {
  const limit = forWrite ? array.length : array.length - 1
  if (!ARRAY_INDEX.test(segment) || Number(segment) > limit) {
    throw new PathConflictError(
      formatPath(segments),
      `"${segment}" is not an index of an array of length ${array.length}`,
    )
  }
  return Number(segment)
}

/** The object or array holding the last segment; creates missing objects when asked to. */
function containerFor(
  root: JsonObject,
  segments: string[],
  create: boolean,
): JsonObject | JsonValue[] {
  let current: JsonObject | JsonValue[] = root
  for (let i = 0; i < segments.length - 1; i++) {
    const segment = segments[i]!
    const next = child(current, segment)
    if (next.found && (isJsonObject(next.value) || Array.isArray(next.value))) {
      current = next.value
      continue
    }
    if (next.found || !create) {
      throw new PathConflictError(
        formatPath(segments),
        `"${formatPath(segments.slice(0, i + 1))}" is ${describe(next.value)}, not an object or array`,
      )
    }
    const created: JsonObject = {}
    if (Array.isArray(current)) current[arrayIndex(current, segment, segments, true)] = created
    else current[segment] = created
    current = created
  }
  return current
}

function describe(value: JsonValue | undefined): string {
  if (value === undefined) return 'missing'
  if (value === null) return 'null'
  return `a ${typeof value}`
}
