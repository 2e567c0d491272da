import { MAX_NESTING_DEPTH } from '../core/depth.ts'

/** Where collections first nest deeper than the limit, and the source with that part emptied. */
export interface TooDeep {
  /** Offset of the bracket that opens the level past the limit. */
  offset: number
  /** The source with everything inside that bracket blanked out (newlines kept, so every position stays). */
  masked: string
}

/**
 * Finds flow collections (`[`, `{`) or block collections (indented
 * mappings and `- ` lists) nested deeper than `MAX_NESTING_DEPTH` before the
 * YAML parser (which recurses) overflows on them. The part past the limit is
 * blanked out with spaces so the rest of the document still parses with its
 * positions intact and its own problems are still named.
 * @example
 * findTooDeep(`a: ${'['.repeat(100)}${']'.repeat(100)}`)?.offset // 67
 */
export function findTooDeep(source: string, max: number = MAX_NESTING_DEPTH): TooDeep | undefined {
  const flow = findTooDeepFlow(source, max)
  const block = findTooDeepBlock(flow?.masked ?? source, max)
  if (!block) return flow
  return { offset: Math.min(block.offset, flow?.offset ?? block.offset), masked: block.masked }
}

function findTooDeepFlow(source: string, max: number): TooDeep | undefined {
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

const BLOCK_SCALAR = /(?:^|[\s:-])[|>][0-9+-]*\s*(?:#.*)?$/

/**
 * Block nesting by indentation: each line deeper than the line above opens a
 * level, and each `- ` (or `? `) at the start of a line's content opens one
 * more. Lines of a block scalar (`|`, `>`) are text, not levels. Lines past
 * the limit are blanked out, so the parser (which recurses per level) never
 * sees them and every other position stays where it was.
 */
function findTooDeepBlock(source: string, max: number): TooDeep | undefined {
  const lines = source.split('\n')
  const indents: number[] = []
  let scalarIndent = -1
  let offset = 0
  let first = -1
  for (const [index, line] of lines.entries()) {
    const start = offset
    offset += line.length + 1
    const indent = line.length - line.trimStart().length
    const content = line.slice(indent)
    if (content === '' || content.startsWith('#')) continue
    if (scalarIndent >= 0 && indent > scalarIndent) continue
    scalarIndent = -1
    while (indents.length > 0 && indents.at(-1)! >= indent) indents.pop()
    indents.push(indent)
    let at = indent
    while (/^[-?](?:\s|$)/.test(line.slice(at))) {
      at += 1 + (line.slice(at + 1).length - line.slice(at + 1).trimStart().length)
      if (at >= line.length) break
      indents.push(at)
    }
    if (BLOCK_SCALAR.test(content)) scalarIndent = indent
    if (indents.length > max) {
      if (first === -1) first = start + indent
      lines[index] = ' '.repeat(line.length)
    }
  }
  return first === -1 ? undefined : { offset: first, masked: lines.join('\n') }
}
