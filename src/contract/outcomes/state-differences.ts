import { jsonEquals } from '../../core/canonical-json.ts'
import { isJsonObject, type JsonValue } from '../../core/json.ts'

export interface StateFieldDifference {
  /** Dotted path from the state's root; `''` for the root itself. */
  path: string
  expected?: JsonValue
  observed?: JsonValue
}

/**
 * Where two states differ, leaf by leaf, skipping volatile paths (`*` matches
 * any key). Objects are compared key by key; arrays item by item when they
 * have the same length, else as a whole.
 * @example
 * stateDifferences({ refund_count: 1 }, { refund_count: 2 }) // [{ path: 'refund_count', expected: 1, observed: 2 }]
 */
export function stateDifferences(
  expected: JsonValue | undefined,
  observed: JsonValue | undefined,
  volatile: readonly string[] = [],
): StateFieldDifference[] {
  const patterns = volatile.map((path) => path.split('.'))
  const out: StateFieldDifference[] = []
  walk(expected, observed, [], patterns, out)
  return out
}

function walk(
  expected: JsonValue | undefined,
  observed: JsonValue | undefined,
  at: string[],
  patterns: string[][],
  out: StateFieldDifference[],
): void {
  if (patterns.some((pattern) => matches(pattern, at))) return
  if (isJsonObject(expected) && isJsonObject(observed)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(observed)])].sort()
    const own = (value: Record<string, JsonValue>, key: string) =>
      Object.hasOwn(value, key) ? value[key] : undefined
    for (const key of keys)
      walk(own(expected, key), own(observed, key), [...at, key], patterns, out)
    return
  }
  if (Array.isArray(expected) && Array.isArray(observed) && expected.length === observed.length) {
    for (const [index, item] of expected.entries()) {
      walk(item, observed[index], [...at, String(index)], patterns, out)
    }
    return
  }
  if (jsonEquals(expected, observed)) return
  const difference: StateFieldDifference = { path: at.join('.') }
  if (expected !== undefined) difference.expected = expected
  if (observed !== undefined) difference.observed = observed
  out.push(difference)
}

function matches(pattern: string[], at: string[]): boolean {
  return (
    pattern.length === at.length &&
    pattern.every((segment, i) => segment === '*' || segment === at[i])
  )
}
