/**
 * About how many bytes `value` takes as compact JSON (strings counted by
 * their characters, escapes not), without building the text. Stops counting
 * once past `stopAbove`, so checking a limit costs at most the part it had to
 * look at. Iterative: a deep value is no stack overflow.
 * @example
 * jsonSize({ a: [1, 'xy'] }) // 14 (as `{"a":[1,"xy"]}`)
 */
export function jsonSize(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let size = 0
  const stack: unknown[] = [value]
  while (stack.length > 0 && size <= stopAbove) {
    const current = stack.pop()
    if (typeof current === 'string') size += current.length + 2
    else if (typeof current === 'number' || typeof current === 'boolean')
      size += String(current).length
    else if (current === null || current === undefined) size += 4
    else if (Array.isArray(current)) {
      size += 1 + current.length
      for (const item of current) stack.push(item)
    } else if (typeof current === 'object') {
      const keys = Object.keys(current)
      size += 1 + keys.length
      for (const key of keys) {
        size += key.length + 3
        stack.push((current as Record<string, unknown>)[key])
      }
    }
  }
  return size
}
