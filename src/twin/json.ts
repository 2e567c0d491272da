import type { JsonObject, JsonValue } from '../schema/twin-document.ts'
import { canonicalJson } from './canonical-json.ts'

/** A plain JSON object (not an array, not null). */
export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A deep copy that shares nothing with its source. */
export function cloneJson<T extends JsonValue | undefined>(value: T): T {
  return value === undefined ? value : structuredClone(value)
}

/** Equality of JSON data, ignoring key order. */
export function jsonEquals(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return canonicalJson(a) === canonicalJson(b)
}
