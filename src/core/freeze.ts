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
