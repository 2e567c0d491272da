import type { StateChange } from '../core/call-record.ts'
import { cloneJson, type JsonObject, type JsonValue } from '../core/json.ts'
import { child } from '../core/state-path.ts'
import { applyEffect, type ResolvedEffect } from './effects.ts'

/**
 * The twin's state as a list of versions. A version is never changed after
 * it is made: effects run on a copy, and the copy becomes the next version
 * only if every effect succeeded. That gives all-or-nothing calls and the old
 * snapshots a `stale` fault reads from.
 */
export class StateHistory {
  readonly #versions: JsonObject[]

  /** `owned`: the caller hands `initial` over (a fresh merge nobody else holds), so it is not copied again. */
  constructor(initial: JsonObject, options: { owned?: boolean } = {}) {
    this.#versions = [options.owned ? initial : cloneJson(initial)]
  }

  get current(): JsonObject {
    return this.#versions[this.#versions.length - 1]!
  }

  get initial(): JsonObject {
    return this.#versions[0]!
  }

  /** The state as it was `versionsBehind` mutations ago (the initial state at the latest). */
  behind(versionsBehind: number): JsonObject {
    const index = Math.max(0, this.#versions.length - 1 - versionsBehind)
    return this.#versions[index]!
  }

  /** Applies effects in order; on success the result becomes the current version. Throws `EffectError` with nothing changed. */
  commit(effects: readonly ResolvedEffect[]): StateChange[] {
    if (effects.length === 0) return []
    const { state, changes } = applyEffects(this.current, effects)
    if (changes.length > 0) this.#versions.push(state)
    return changes
  }
}

/**
 * Applies effects to a copy of `state`; the input is left untouched. Only the
 * objects and arrays on each effect's path are copied (the rest is shared
 * with the earlier version, which is never changed), so a commit costs the
 * depth of what it changes, not the size of the whole state.
 */
export function applyEffects(
  state: JsonObject,
  effects: readonly ResolvedEffect[],
): { state: JsonObject; changes: StateChange[] } {
  const next: JsonObject = { ...state }
  const owned = new WeakSet<object>([next])
  const changes: StateChange[] = []
  for (const effect of effects) {
    copyPath(next, effect.path, owned)
    const change = applyEffect(next, effect)
    if (change) changes.push(change)
  }
  return { state: next, changes }
}

/**
 * Replaces every existing object or array on the way to the path's last
 * segment with a shallow copy owned by this commit, so writing there leaves
 * the earlier version as it was. Stops where the path leaves the existing
 * containers: what the write creates from there on is new anyway.
 */
function copyPath(root: JsonObject, path: readonly string[], owned: WeakSet<object>): void {
  let container: JsonObject | JsonValue[] = root
  for (const segment of path.slice(0, -1)) {
    const below = child(container, segment)
    const value = below.found ? below.value : undefined
    if (value === undefined || value === null || typeof value !== 'object') return
    let copy: JsonObject | JsonValue[] = value
    if (!owned.has(value)) {
      copy = Array.isArray(value) ? [...value] : { ...value }
      owned.add(copy)
      if (Array.isArray(container)) container[Number(segment)] = copy
      else container[segment] = copy
    }
    container = copy
  }
}
