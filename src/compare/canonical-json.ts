import type { JsonValue } from '../schema/twin-document.ts'
import { canonicalJson } from '../twin/canonical-json.ts'

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

/** Deep equality by canonical JSON (key order does not matter; `undefined` equals only itself). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b
  return canonicalJson(a) === canonicalJson(b)
}
