/**
 * The JSON data model every layer shares: twin state, call arguments and
 * answers, evidence. Equality and serialisation live in `canonical-json.ts`.
 */
import { jsonEquals } from './canonical-json.ts'

export type JsonPrimitive = string | number | boolean | null
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue }
export type JsonObject = { [key: string]: JsonValue }

/**
 * The one object guard: true for a plain object (not an array, not null).
 * On JSON data it narrows to `JsonObject`; on anything else to a record of unknowns.
 *
 * @example
 * isJsonObject({ a: 1 }) // true
 * isJsonObject([1]) // false
 */
export function isJsonObject<T>(value: T): value is Extract<ObjectPart<T>, T> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** What of `T` is a plain object: `JsonObject` for JSON data, a record of unknowns for `unknown`. */
type ObjectPart<T> = object extends T
  ? Record<string, unknown>
  : Exclude<Extract<T, object>, readonly unknown[]>

/**
 * A deep copy that shares nothing with its source. A plain walk over JSON
 * values: about five times faster than `structuredClone` on a twin's state,
 * and the twin copies values on every call.
 */
export function cloneJson<T extends JsonValue | undefined>(value: T): T {
  return value === undefined ? value : (copyJson(value as JsonValue) as T)
}

function copyJson(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(copyJson)
  const copy: JsonObject = {}
  for (const key of Object.keys(value)) {
    const item = copyJson(value[key] as JsonValue)
    // Assigning `__proto__` would set the prototype; JSON.parse makes it an own key.
    if (key === '__proto__') {
      Object.defineProperty(copy, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    } else copy[key] = item
  }
  return copy
}

/** Every field given in `subset` deep-equals the same field of `value`. */
export function isSubsetOf(subset: JsonObject, value: JsonObject): boolean {
  return Object.keys(subset).every(
    (key) => Object.hasOwn(value, key) && jsonEquals(subset[key], value[key]),
  )
}
