import { jsonEquals } from '../core/canonical-json.ts'
import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'

/** One difference between two states; arrays and scalars are compared whole. */
export interface StateDifference {
  segments: string[]
  path: string
  before?: JsonValue
  after?: JsonValue
}

/**
 * Every path where `after` differs from `before`, down to the deepest object
 * key that differs. Keys are visited in sorted order so the result is stable.
 * @example
 * diffStates({ a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }) // [{ path: 'a.c', before: 2, after: 3, ... }]
 */
export function diffStates(before: JsonObject, after: JsonObject): StateDifference[] {
  const differences: StateDifference[] = []
  walk(before, after, [], differences)
  return differences
}

function walk(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  segments: string[],
  out: StateDifference[],
): void {
  if (isJsonObject(before) && isJsonObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    for (const key of keys) {
      walk(
        Object.hasOwn(before, key) ? before[key] : undefined,
        Object.hasOwn(after, key) ? after[key] : undefined,
        [...segments, key],
        out,
      )
    }
    return
  }
  if (jsonEquals(before, after)) return
  const difference: StateDifference = { segments, path: segments.join('.') }
  if (before !== undefined) difference.before = before
  if (after !== undefined) difference.after = after
  out.push(difference)
}
