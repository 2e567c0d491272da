import type { StateChange } from '../core/call-record.ts'
import { cloneJson, type JsonObject } from '../core/json.ts'
import { applyEffect, type ResolvedEffect } from './effects.ts'

/**
 * The twin's state as a list of versions. A version is never changed after
 * it is made: effects run on a copy, and the copy becomes the next version
 * only if every effect succeeded. That gives all-or-nothing calls and the old
 * snapshots a `stale` fault reads from.
 */
export class StateHistory {
  readonly #versions: JsonObject[]

  constructor(initial: JsonObject) {
    this.#versions = [cloneJson(initial)]
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

/** Applies effects to a copy of `state`; the input is left untouched. */
export function applyEffects(
  state: JsonObject,
  effects: readonly ResolvedEffect[],
): { state: JsonObject; changes: StateChange[] } {
  const next = cloneJson(state)
  const changes: StateChange[] = []
  for (const effect of effects) {
    const change = applyEffect(next, effect)
    if (change) changes.push(change)
  }
  return { state: next, changes }
}
