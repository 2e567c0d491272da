import type { JsonObject, JsonValue } from '../core/json.ts'
import { pathOf, readPath } from '../core/state-path.ts'
import { checkStateValue } from '../evaluate/index.ts'
import type { ContractCondition } from '../schema/contract-document.ts'

/** The verdict of one contract condition; `error` when it cannot be checked (never a pass). */
export interface ConditionOutcome {
  kind: 'pass' | 'fail' | 'error'
  /** A sentence naming the entity-relative path and the value found. */
  text: string
  path: string
}

/** What a condition may compare with: the entity before the run, and the executed action's arguments. */
export interface ConditionScope {
  before: JsonValue | undefined
  args: readonly JsonObject[]
}

/**
 * Checks one condition on the entity's state. Absolute checks (`equals`,
 * `matches`, ...) read the value now; `increasedBy` / `decreasedBy` compare
 * it with the value before the run.
 * @example
 * checkCondition({ path: 'refund_count', increasedBy: 1 }, { refund_count: 2 }, { before: { refund_count: 0 }, args: [] })
 * // { kind: 'fail', text: 'refund_count went from 0 to 2 (+2), expected +1', ... }
 */
export function checkCondition(
  condition: ContractCondition,
  entity: JsonValue | undefined,
  scope: ConditionScope,
): ConditionOutcome {
  const { path } = condition
  const relative = condition.increasedBy ?? condition.decreasedBy
  if (relative === undefined) {
    const state: JsonObject = { entity: entity === undefined ? null : entity }
    if (entity === undefined && condition.exists === undefined) {
      return { kind: 'error', path, text: `the entity is not there to check ${path}` }
    }
    const outcome = checkStateValue(condition, state, `entity.${path}`)
    return { kind: outcome.kind, path, text: outcome.text.replaceAll('entity.', '') }
  }
  const sign = condition.increasedBy !== undefined ? 1 : -1
  const amount = resolveAmount(relative, scope.args)
  if (typeof amount === 'string') return { kind: 'error', path, text: amount }
  const then = numberAt(scope.before, path)
  const now = numberAt(entity, path)
  if (typeof then === 'string' || typeof now === 'string') {
    const why = typeof then === 'string' ? `before the run ${then}` : `now ${now}`
    return { kind: 'error', path, text: `${path} cannot be compared: ${why}` }
  }
  const delta = now - then
  const shown = `${path} went from ${then} to ${now} (${delta >= 0 ? '+' : ''}${delta})`
  const wanted = `${sign > 0 ? '+' : '-'}${amount}`
  return delta === sign * amount
    ? { kind: 'pass', path, text: `${shown}, as expected` }
    : { kind: 'fail', path, text: `${shown}, expected ${wanted}` }
}

function resolveAmount(value: number | string, args: readonly JsonObject[]): number | string {
  if (typeof value === 'number') return value
  const name = value.slice(1, -1)
  for (const candidate of args) {
    const found = candidate[name]
    if (typeof found === 'number') return found
  }
  return `no call of the action for this entity has a numeric argument ${name} to compare with`
}

function numberAt(value: JsonValue | undefined, path: string): number | string {
  if (value === undefined) return 'the entity was not there'
  const lookup = readPath({ entity: value }, ['entity', ...pathOf(path)])
  if (!lookup.found) return `${path} was missing`
  return typeof lookup.value === 'number' ? lookup.value : `${path} is not a number`
}
