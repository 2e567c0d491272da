/**
 * Writes into plain JSON state: the twin's effects. Paths are read with the
 * one path module (`core/state-path.ts`), so a write, like a read, follows
 * own properties and real array indexes only and never reaches a prototype.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'
import {
  child,
  formatPath,
  isArrayIndex,
  type PathInput,
  type PathLookup,
  readPath,
  segmentsOf,
} from '../core/state-path.ts'
import { PathConflictError } from './errors.ts'

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
  const segments = segmentsOf(path)
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
  const segments = segmentsOf(path)
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
  if (!isArrayIndex(segment) || Number(segment) > limit) {
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
