import { MAX_NESTING_DEPTH } from '../core/depth.ts'

/** Where flow collections (`[`, `{`) first nest deeper than the limit, and the source with that part emptied. */
export interface TooDeep {
  /** Offset of the bracket that opens the level past the limit. */
  offset: number
  /** The source with everything inside that bracket blanked out (newlines kept, so every position stays). */
  masked: string
}

/**
 * Finds flow collections nested deeper than `MAX_NESTING_DEPTH` before the
 * YAML parser (which recurses) overflows on them. The part past the limit is
 * blanked out with spaces so the rest of the document still parses with its
 * positions intact and its own problems are still named.
 * @example
 * findTooDeep(`a: ${'['.repeat(100)}${']'.repeat(100)}`)?.offset // 67
 */
export function findTooDeep(source: string, max: number = MAX_NESTING_DEPTH): TooDeep | undefined {
  let depth = 0
  let opened = -1
  let quote: '"' | "'" | undefined
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!
    if (quote) {
      if (quote === '"' && char === '\\') index++
      else if (char === quote) {
        if (quote === "'" && source[index + 1] === "'") index++
        else quote = undefined
      }
      continue
    }
    if (char === '"' || char === "'") quote = char
    else if (char === '#' && (index === 0 || /\s/.test(source[index - 1]!))) {
      const end = source.indexOf('\n', index)
      index = end === -1 ? source.length : end
    } else if (char === '[' || char === '{') {
      depth++
      if (depth === max + 1 && opened === -1) opened = index
    } else if ((char === ']' || char === '}') && depth > 0) {
      depth--
      if (depth === max && opened !== -1)
        return { offset: opened, masked: blank(source, opened, index) }
    }
  }
  return opened === -1
    ? undefined
    : { offset: opened, masked: blank(source, opened, source.length) }
}

/** `source` with the characters strictly between `open` and `close` replaced by spaces, newlines kept. */
function blank(source: string, open: number, close: number): string {
  const inside = source.slice(open + 1, close).replace(/[^\n]/g, ' ')
  return `${source.slice(0, open + 1)}${inside}${source.slice(close)}`
}
