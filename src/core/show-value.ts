/**
 * A value as an error message quotes it: JSON where it has a JSON form, `undefined`,
 * `a function`, or its string form (a cycle, a bigint).
 * @example
 * showValue({ a: 1 }) // '{"a":1}'
 */
export function showValue(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'function') return 'a function'
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
