import { cloneJson, isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'
import { assertSafeSegments, formatPath } from '../core/state-path.ts'

/**
 * Deep-merges `overrides` over `base` into a new object that shares nothing
 * with either: objects merge key by key, arrays and scalars replace.
 * Prototype keys (`__proto__`, `constructor`, `prototype`) in the overrides
 * throw `UnsafePathError`, so a scenario can never reach the prototype chain.
 *
 * @example
 * mergeState({ orders: { o_1: { status: 'paid', tags: ['a'] } } }, { orders: { o_1: { tags: ['b'] } } })
 * // { orders: { o_1: { status: 'paid', tags: ['b'] } } }
 */
export function mergeState(base: JsonObject, overrides: JsonObject | undefined): JsonObject {
  const merged = cloneJson(base)
  if (overrides) mergeInto(merged, overrides, [])
  return merged
}

function mergeInto(target: JsonObject, overrides: JsonObject, at: string[]): void {
  for (const key of Object.keys(overrides)) {
    const path = [...at, key]
    assertSafeSegments([key], formatPath(path))
    const incoming = overrides[key] as JsonValue
    const current = Object.hasOwn(target, key) ? target[key] : undefined
    if (isJsonObject(current) && isJsonObject(incoming)) {
      mergeInto(current, incoming, path)
    } else {
      assertSafeKeysDeep(incoming, path)
      target[key] = cloneJson(incoming)
    }
  }
}

function assertSafeKeysDeep(value: JsonValue, at: string[]): void {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) assertSafeKeysDeep(item, [...at, String(index)])
  } else if (isJsonObject(value)) {
    for (const key of Object.keys(value)) {
      const path = [...at, key]
      assertSafeSegments([key], formatPath(path))
      assertSafeKeysDeep(value[key] as JsonValue, path)
    }
  }
}
