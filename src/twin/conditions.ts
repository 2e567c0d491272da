import { jsonEquals } from '../core/canonical-json.ts'
import type { JsonValue } from '../core/json.ts'
import type { TemplateValues } from '../core/placeholders.ts'
import { readPath } from '../core/state-path.ts'
import type { Condition } from '../schema/twin-document.ts'
import { renderPathTemplate, renderValue } from './templates.ts'

/**
 * Whether a condition holds on a base value (the handler's target, or the
 * state/tenant root). Operands are templates; an operand without a value
 * never holds, because an unknown comparison is not a pass.
 *
 * @example
 * conditionHolds({ path: 'status', equals: 'paid' }, { status: 'paid' }, { args: {} }) // true
 */
export function conditionHolds(
  condition: Condition,
  base: JsonValue,
  scope: TemplateValues,
): boolean {
  const actual = readPath(base, renderPathTemplate(condition.path, scope))
  const value = actual.found ? actual.value : undefined
  const operand = (template: JsonValue) => renderValue(template, scope)

  if (condition.exists !== undefined && actual.found !== condition.exists) return false
  if (condition.equals !== undefined) {
    const expected = operand(condition.equals)
    if (expected === undefined || !jsonEquals(value, expected)) return false
  }
  if (condition.notEquals !== undefined) {
    const expected = operand(condition.notEquals)
    if (expected === undefined || jsonEquals(value, expected)) return false
  }
  if (condition.in !== undefined) {
    const options = condition.in.map(operand)
    if (!options.some((option) => option !== undefined && jsonEquals(value, option))) return false
  }
  const orderings = [
    ['gt', (c: number) => c > 0],
    ['gte', (c: number) => c >= 0],
    ['lt', (c: number) => c < 0],
    ['lte', (c: number) => c <= 0],
  ] as const
  for (const [key, accepts] of orderings) {
    const template = condition[key]
    if (template === undefined) continue
    const order = compare(value, operand(template))
    if (order === undefined || !accepts(order)) return false
  }
  return true
}

/** Orders two numbers or two strings; anything else cannot be ordered. */
function compare(a: JsonValue | undefined, b: JsonValue | undefined): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  return undefined
}
