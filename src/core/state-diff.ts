/**
 * The one state differ: where two JSON states differ, as segment paths.
 * Used for collateral changes, the final-state table of a pair, and the
 * expected-vs-observed state of an outcome record.
 */
import { jsonEquals } from './canonical-json.ts'
import { isJsonObject, type JsonValue } from './json.ts'
import { matchesPattern, type PatternSegment } from './state-path.ts'

/** One place where two states differ; `before`/`after` are absent where the value is. */
export interface StateDifference {
  /** Segments from the state's root; `[]` for the root itself. */
  path: string[]
  before?: JsonValue
  after?: JsonValue
}

export interface DiffOptions {
  /** Places not compared at all (volatile fields), as parsed patterns (`ANY_KEY` for `*`). */
  ignore?: readonly (readonly PatternSegment[])[]
  /**
   * `whole` (default): an array that differs is one difference. `items`:
   * arrays of the same length are compared item by item, so one changed
   * item is named by its index.
   */
  arrays?: 'whole' | 'items'
}

/**
 * Every path where `after` differs from `before`, down to the deepest object
 * key that differs. Keys are visited in sorted order so the result is stable;
 * only own keys are read.
 * @example
 * diffStates({ a: { b: 1, c: 2 } }, { a: { b: 1, c: 3 } }) // [{ path: ['a', 'c'], before: 2, after: 3 }]
 */
export function diffStates(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  options: DiffOptions = {},
): StateDifference[] {
  const out: StateDifference[] = []
  walk(before, after, [], { ignore: options.ignore ?? [], arrays: options.arrays ?? 'whole' }, out)
  return out
}

function walk(
  before: JsonValue | undefined,
  after: JsonValue | undefined,
  path: string[],
  options: Required<DiffOptions>,
  out: StateDifference[],
): void {
  if (options.ignore.some((pattern) => matchesPattern(pattern, path))) return
  if (isJsonObject(before) && isJsonObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()
    for (const key of keys) {
      walk(own(before, key), own(after, key), [...path, key], options, out)
    }
    return
  }
  if (
    options.arrays === 'items' &&
    Array.isArray(before) &&
    Array.isArray(after) &&
    before.length === after.length
  ) {
    for (const [index, item] of before.entries()) {
      walk(item, after[index], [...path, String(index)], options, out)
    }
    return
  }
  if (jsonEquals(before, after)) return
  const difference: StateDifference = { path }
  if (before !== undefined) difference.before = before
  if (after !== undefined) difference.after = after
  out.push(difference)
}

function own(value: { [key: string]: JsonValue }, key: string): JsonValue | undefined {
  return Object.hasOwn(value, key) ? value[key] : undefined
}
