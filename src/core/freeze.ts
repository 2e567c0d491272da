/**
 * Freezes a plain value and everything in it, so a document that was checked
 * or pinned cannot change afterwards. Returns the same value.
 * @example
 * const pinned = deepFreeze(structuredClone(document))
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

/**
 * Whether a value and everything in it is frozen, so it can be shared instead
 * of copied: nothing can change it any more.
 * @example
 * isDeepFrozen(deepFreeze({ a: { b: 1 } })) // true
 * isDeepFrozen(Object.freeze({ a: { b: 1 } })) // false: `a` can still change
 */
export function isDeepFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  if (!Object.isFrozen(value)) return false
  for (const child of Object.values(value)) if (!isDeepFrozen(child)) return false
  return true
}
