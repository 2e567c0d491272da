import type { FieldPath } from './field-path.ts'

interface Frame {
  kind: 'object' | 'array'
  /** The key or index of the value being read in this container. */
  key: string | number | undefined
  /** In an object: the next string is a key. */
  expectKey: boolean
  /** In an object: where the current key starts. */
  keyAt?: number
}

const SPACE = new Set([' ', '\t', '\n', '\r'])
const END_OF_SCALAR = /[\s,\]}]/g

/** The end (exclusive) of the JSON string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let index = start + 1
  while (index < text.length) {
    const char = text[index]
    if (char === '\\') index += 2
    else if (char === '"') return index + 1
    else index++
  }
  return text.length
}

/** 1-based line and column of an offset. */
export function lineColumnOf(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; ) {
    line++
    lineStart = index + 1
    index = text.indexOf('\n', index + 1)
  }
  return { line, column: offset - lineStart + 1 }
}

/**
 * Where the value at `path` starts in a JSON text (or its key, with `at:
 * 'key'`), as 1-based line and column; a path that does not exist points at
 * its nearest existing parent.
 * Reads the text in one pass without recursion, so a document nested 100,000
 * levels deep is located, not a stack overflow. The text must be valid JSON.
 * @example
 * locateJsonValue('{\n  "a": [1, "x"]\n}', ['a', 1]) // { line: 2, column: 13 }
 */
export function locateJsonValue(
  text: string,
  path: FieldPath,
  at: 'key' | 'value' = 'value',
): { line: number; column: number } {
  const frames: Frame[] = []
  let matched = 0
  let best = 0
  // The key of the deepest value found so far (none when it is an array item), for `at: 'key'`.
  let bestKey: number | undefined
  const startOfValue = (offset: number): boolean => {
    if (matched === frames.length && matched > 0) {
      best = offset
      bestKey = frames[matched - 1]!.keyAt
    }
    return matched === frames.length && matched === path.length
  }
  // How many leading containers are on `path`, after the key of frame `level` changed.
  const keyChanged = (level: number) => {
    if (matched > level) matched = level
    if (matched === level && frames[level]!.key === path[level]) matched = level + 1
  }
  if (path.length === 0) return lineColumnOf(text, text.search(/\S/))
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (SPACE.has(char) || char === ':') continue
    const top = frames.at(-1)
    if (char === '{' || char === '[') {
      if (startOfValue(index)) break
      const kind = char === '{' ? 'object' : 'array'
      frames.push({ kind, key: kind === 'array' ? 0 : undefined, expectKey: kind === 'object' })
      if (kind === 'array') keyChanged(frames.length - 1)
    } else if (char === '}' || char === ']') {
      frames.pop()
      if (matched > frames.length) matched = frames.length
    } else if (char === ',') {
      if (top?.kind === 'array') {
        top.key = (top.key as number) + 1
        keyChanged(frames.length - 1)
      } else if (top) top.expectKey = true
    } else if (char === '"') {
      const end = stringEnd(text, index)
      if (top?.kind === 'object' && top.expectKey) {
        top.key = JSON.parse(text.slice(index, end)) as string
        top.expectKey = false
        top.keyAt = index
        keyChanged(frames.length - 1)
        if (at === 'key' && matched === path.length && frames.length === path.length) {
          bestKey = index
          break
        }
      } else if (startOfValue(index)) break
      index = end - 1
    } else {
      if (startOfValue(index)) break
      END_OF_SCALAR.lastIndex = index
      const end = END_OF_SCALAR.exec(text)?.index ?? text.length
      index = end - 1
    }
  }
  return lineColumnOf(text, at === 'key' && bestKey !== undefined ? bestKey : best)
}
