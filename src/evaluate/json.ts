import type { JsonObject, JsonValue } from '../schema/twin-document.ts'
import { canonicalJson } from '../twin/canonical-json.ts'

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Deep equality of two JSON values (key order does not matter, array order does). */
export function jsonEquals(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return canonicalJson(a) === canonicalJson(b)
}

/** Every field given in `subset` deep-equals the same field of `value`. */
export function isSubsetOf(subset: JsonObject, value: JsonObject): boolean {
  return Object.keys(subset).every(
    (key) => Object.hasOwn(value, key) && jsonEquals(subset[key], value[key]),
  )
}
