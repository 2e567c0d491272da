/**
 * The seven effect ops of a mutate handler. An effect is resolved once per
 * call (absolute path, rendered operands) and can then be applied any number
 * of times: a `twice` fault applies the same resolved effect again, so an
 * increment doubles and an append lands two times.
 */

import type { StateChange } from '../core/call-record.ts'
import { jsonEquals } from '../core/canonical-json.ts'
import { cloneJson, isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'
import type { TemplateValues } from '../core/placeholders.ts'
import { formatPath, readPath } from '../core/state-path.ts'
import type { EffectOp } from '../schema/twin-document.ts'
import { EffectError, PathConflictError } from './errors.ts'
import { mergeState } from './merge-state.ts'
import { deletePath, writePath } from './state-writes.ts'
import { renderPathTemplate, renderValue } from './templates.ts'

/** An effect with its absolute path and operands rendered for one call. */
export type ResolvedEffect =
  | { op: 'set' | 'append' | 'merge'; path: string[]; value: JsonValue | undefined }
  | { op: 'unset'; path: string[] }
  | { op: 'increment' | 'decrement'; path: string[]; by: JsonValue | undefined }
  | { op: 'remove'; path: string[]; where?: Record<string, JsonValue | undefined> }

/**
 * Resolves an effect against its base (the handler's absolute target) for one call.
 *
 * @example
 * resolveEffect({ op: 'increment', path: 'refunded', by: '{amount}' }, ['orders', 'o_1'], { args: { amount: 5 } })
 * // { op: 'increment', path: ['orders', 'o_1', 'refunded'], by: 5 }
 */
export function resolveEffect(
  effect: EffectOp,
  base: readonly string[],
  scope: TemplateValues,
): ResolvedEffect {
  const path = [...base, ...renderPathTemplate(effect.path, scope)]
  switch (effect.op) {
    case 'set':
    case 'append':
    case 'merge':
      return { op: effect.op, path, value: renderValue(effect.value, scope) }
    case 'unset':
      return { op: 'unset', path }
    case 'increment':
    case 'decrement':
      return {
        op: effect.op,
        path,
        by: effect.by === undefined ? 1 : renderValue(effect.by, scope),
      }
    case 'remove': {
      if (!effect.where) return { op: 'remove', path }
      const where: Record<string, JsonValue | undefined> = {}
      for (const [field, template] of Object.entries(effect.where)) {
        where[field] = renderValue(template, scope)
      }
      return { op: 'remove', path, where }
    }
  }
}

/**
 * Applies one resolved effect to the state in place and returns the change,
 * or `undefined` when the value stayed the same (nothing to record).
 * A missing number counts from 0, a missing list starts empty, a missing
 * object starts as `{}`. Anything else that does not fit throws `EffectError`
 * naming the path; the twin answers it as a 500 and rolls the call back.
 */
export function applyEffect(state: JsonObject, effect: ResolvedEffect): StateChange | undefined {
  const where = formatPath(effect.path)
  const before = readPath(state, effect.path)
  const after = nextValue(effect, before.found ? before.value : undefined, where)
  if (jsonEquals(before.found ? before.value : undefined, after)) return undefined
  try {
    if (after === undefined) deletePath(state, effect.path)
    else writePath(state, effect.path, cloneJson(after))
  } catch (error) {
    if (error instanceof PathConflictError) throw new EffectError(where, error.message)
    throw error
  }
  const change: StateChange = { path: [...effect.path] }
  if (before.found) change.before = cloneJson(before.value)
  if (after !== undefined) change.after = cloneJson(after)
  return change
}

function nextValue(
  effect: ResolvedEffect,
  current: JsonValue | undefined,
  where: string,
): JsonValue | undefined {
  switch (effect.op) {
    case 'set':
      return required(effect.value, 'set', where)
    case 'unset':
      return undefined
    case 'increment':
    case 'decrement': {
      const by = effect.by
      if (typeof by !== 'number') {
        throw new EffectError(where, `${effect.op} needs a number "by", got ${show(by)}`)
      }
      const base = current ?? 0
      if (typeof base !== 'number') {
        throw new EffectError(where, `cannot ${effect.op} ${show(base)}: it is not a number`)
      }
      return effect.op === 'increment' ? base + by : base - by
    }
    case 'append': {
      const list = current ?? []
      if (!Array.isArray(list)) throw new EffectError(where, `cannot append to ${show(list)}`)
      return [...list, required(effect.value, 'append', where)]
    }
    case 'merge': {
      const base = current ?? {}
      const value = required(effect.value, 'merge', where)
      if (!isJsonObject(base) || !isJsonObject(value)) {
        throw new EffectError(
          where,
          `merge needs objects on both sides, got ${show(base)} and ${show(value)}`,
        )
      }
      return mergeState(base, value)
    }
    case 'remove':
      return removeFrom(current, effect.where, where)
  }
}

/** Without `where`: removes the value itself. With `where`: drops the matching items of a list or entries of a map. */
function removeFrom(
  current: JsonValue | undefined,
  where: Record<string, JsonValue | undefined> | undefined,
  path: string,
): JsonValue | undefined {
  if (!where) return undefined
  if (current === undefined) return undefined
  const matches = (item: JsonValue) =>
    Object.entries(where).every(([field, expected]) => {
      const actual = readPath(item, field)
      return expected !== undefined && actual.found && jsonEquals(actual.value, expected)
    })
  if (Array.isArray(current)) return current.filter((item) => !matches(item))
  if (isJsonObject(current)) {
    const kept: JsonObject = {}
    for (const [key, item] of Object.entries(current)) if (!matches(item)) kept[key] = item
    return kept
  }
  throw new EffectError(path, `remove with "where" needs a list or a map, got ${show(current)}`)
}

function required(value: JsonValue | undefined, op: string, where: string): JsonValue {
  if (value === undefined) {
    throw new EffectError(where, `${op} has no value (its placeholder has no value in this call)`)
  }
  return value
}

function show(value: JsonValue | undefined): string {
  return value === undefined ? 'nothing' : JSON.stringify(value)
}
