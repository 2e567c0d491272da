import { jsonEquals } from '../core/canonical-json.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { isJsonObject } from '../core/json.ts'

/** The overrides that, deep-merged over `fixtures`, give `state`; and the paths a merge cannot remove. */
export interface StateOverrides {
  overrides: JsonObject
  /** Dotted paths present in the fixtures but not in the state: a deep merge cannot express them. */
  removed: string[]
}

/**
 * The smallest deep-merge overrides from `fixtures` to `state`: objects merge
 * key by key, anything else (arrays included) is replaced whole, as the twin
 * merges a scenario's state.
 * @example
 * stateOverrides({ a: { b: 2, c: 3 } }, { a: { b: 1, c: 3 } }) // { overrides: { a: { b: 2 } }, removed: [] }
 */
export function stateOverrides(state: JsonObject, fixtures: JsonObject): StateOverrides {
  const removed: string[] = []
  const walk = (now: JsonObject, was: JsonObject, prefix: string): JsonObject => {
    const out: JsonObject = {}
    for (const [key, value] of Object.entries(now)) {
      const before: JsonValue | undefined = was[key]
      if (jsonEquals(value, before)) continue
      out[key] =
        isJsonObject(value) && isJsonObject(before)
          ? walk(value, before, `${prefix}${key}.`)
          : value
    }
    for (const key of Object.keys(was)) {
      if (!Object.hasOwn(now, key)) removed.push(`${prefix}${key}`)
    }
    return out
  }
  return { overrides: walk(state, fixtures, ''), removed }
}
