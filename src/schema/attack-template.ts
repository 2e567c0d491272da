/**
 * `{{name}}` variables of an attack document. A string that is exactly one
 * variable takes the value's own JSON type (a number stays a number); inside
 * longer text the value is written as text.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'

const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g
const WHOLE = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}$/

/** The variable names a value uses, in first-use order. */
export function variablesUsed(value: JsonValue): string[] {
  const names = new Set<string>()
  const visit = (item: JsonValue) => {
    if (typeof item === 'string') for (const match of item.matchAll(VARIABLE)) names.add(match[1]!)
    else if (Array.isArray(item)) item.forEach(visit)
    else if (isJsonObject(item)) Object.values(item).forEach(visit)
  }
  visit(value)
  return [...names]
}

/**
 * Fills every `{{name}}` of `value` from `values` (every name must be present).
 * @example
 * fillVariables({ amount: '{{total}}', note: 'refund {{total}} USD' }, { total: 128 })
 * // { amount: 128, note: 'refund 128 USD' }
 */
export function fillVariables<T extends JsonValue>(value: T, values: JsonObject): T {
  const fill = (item: JsonValue): JsonValue => {
    if (typeof item === 'string') {
      const whole = WHOLE.exec(item)
      if (whole) return values[whole[1]!] ?? null
      return item.replace(VARIABLE, (_, name: string) => {
        const found = values[name]
        return typeof found === 'string' ? found : JSON.stringify(found ?? null)
      })
    }
    if (Array.isArray(item)) return item.map(fill)
    if (isJsonObject(item)) {
      const filled: JsonObject = {}
      for (const [key, entry] of Object.entries(item)) filled[key] = fill(entry)
      return filled
    }
    return item
  }
  return fill(value) as T
}
