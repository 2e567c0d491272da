/**
 * The JSON data model every layer shares: twin state, call arguments and
 * answers, evidence. Equality and serialisation live in `canonical-json.ts`.
 */

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

/** A deep copy that shares nothing with its source. */
export function cloneJson<T extends JsonValue | undefined>(value: T): T {
  return cloneData(value)
}

/**
 * `cloneJson` for JSON-shaped data typed as an interface (a call record):
 * arrays, plain objects and primitives are copied by hand, seven times
 * faster than `structuredClone` on the small values a twin copies on every
 * call; anything else (a `Date`, a `Map`) still goes through `structuredClone`.
 */
export function cloneData<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const copy = new Array(value.length)
    for (let index = 0; index < value.length; index++) copy[index] = cloneData(value[index])
    return copy as T
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value)
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    const item = cloneData((value as Record<string, unknown>)[key])
    // A parsed "__proto__" key is an own property; assigning it would set the prototype instead.
    if (key === '__proto__')
      Object.defineProperty(copy, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    else copy[key] = item
  }
  return copy as T
}

/**
 * Whether JSON gives `value` back exactly: plain objects, arrays without
 * holes, strings, booleans, null and finite numbers other than `-0`. A value
 * that passes can be keyed or kept by its `JSON.stringify` text.
 * @example
 * isPlainJson({ a: [1, 'x'] }) // true
 * isPlainJson({ a: undefined }) // false: JSON drops it
 */
export function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0)
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!(index in value) || !isPlainJson(value[index])) return false
    }
    return true
  }
  if (typeof value !== 'object') return false
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return false
  return Object.values(value).every(isPlainJson)
}
