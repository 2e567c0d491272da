/**
 * How deeply a parsed value nests, counted without recursion, so a hostile
 * document or body 100,000 levels deep is measured, not a stack overflow.
 */

import { DEFAULT_LIMITS } from './limits.ts'

/**
 * Nesting levels a document or request body may have by default; real data
 * stays far below. The limit in force is `resourceLimit('depth')`.
 */
export const MAX_NESTING_DEPTH = DEFAULT_LIMITS.depth

/**
 * Whether `value` nests deeper than `max` objects/arrays. Stops at the first
 * level past `max`, so the cost is bounded by the part it had to look at.
 * A value reached twice (YAML aliases) is looked at once, so cycles end.
 * @example
 * nestsDeeperThan({ a: { b: [1] } }, 2) // true
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  // Two parallel stacks, objects alone pushed and no path kept: a report of a thousand runs
  // is walked whole before it is written.
  if (value === null || typeof value !== 'object') return false
  const values: object[] = [value]
  const depths: number[] = [1]
  const seen = new WeakSet<object>()
  while (values.length > 0) {
    const current = values.pop()!
    const depth = depths.pop()!
    if (depth > max) return true
    if (seen.has(current)) continue
    seen.add(current)
    // Children pushed last first, so values are met in document order, as `pathPastDepth`
    // meets them: a value reached twice is measured where it is first met by both.
    const children: unknown[] = Array.isArray(current) ? current : Object.values(current)
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]
      if (child !== null && typeof child === 'object') {
        values.push(child)
        depths.push(depth + 1)
      }
    }
  }
  return false
}

/**
 * The path (keys and indexes) of the first value that opens a level past
 * `max`, or `undefined` when `value` stays within it: where to point a person
 * at. Walks without recursion, depth first in document order.
 * @example
 * pathPastDepth({ a: [{ b: 1 }] }, 2) // ['a', 0]
 */
export function pathPastDepth(value: unknown, max: number): (string | number)[] | undefined {
  // The common answer without building a path for every value on the way.
  if (!nestsDeeperThan(value, max)) return undefined
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value, path: [] }]
  const seen = new WeakSet<object>()
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (path.length + 1 > max) return path
    if (seen.has(current)) continue
    seen.add(current)
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((child, index) => [index, child])
      : Object.entries(current)
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, child] = entries[index]!
      if (child !== null && typeof child === 'object')
        stack.push({ value: child, path: [...path, key] })
    }
  }
  return undefined
}
