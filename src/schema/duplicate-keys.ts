import type { Node, Pair } from 'yaml'
import { yaml } from './yaml-lib.ts'

/** A key written a second time in the same mapping. */
export interface DuplicateKey {
  /** The key as the document's value will spell it. */
  key: string
  /** Offset of the second (and every later) occurrence. */
  offset: number
  /** Offset of the first occurrence. */
  firstOffset: number
}

/**
 * Every key that repeats within its mapping, in one pass over the document
 * with a set per mapping. (The YAML library's own `uniqueKeys` check compares
 * each key with every earlier one: 40,000 keys took a minute.) Keys compare
 * as the JSON value will hold them, so `1` and `"1"` are the same key.
 * @example
 * duplicateKeys(parseDocument('a: 1\na: 2').contents) // [{ key: 'a', offset: 5, firstOffset: 0 }]
 */
export function duplicateKeys(root: Node | null): DuplicateKey[] {
  const { isMap, visit } = yaml()
  const found: DuplicateKey[] = []
  visit(root, {
    Map(_key, map) {
      if (!isMap(map)) return
      const seen = new Map<string, number>()
      for (const pair of map.items as Pair<Node | null, unknown>[]) {
        const key = keyText(pair.key)
        const offset = pair.key?.range?.[0] ?? map.range?.[0] ?? 0
        const first = seen.get(key)
        if (first === undefined) seen.set(key, offset)
        else found.push({ key, offset, firstOffset: first })
      }
    },
  })
  // Parents are visited before their children: report in reading order.
  return found.sort((a, b) => a.offset - b.offset)
}

function keyText(key: Node | null): string {
  if (key === null) return ''
  if (yaml().isScalar(key)) return String(key.value)
  return String(key)
}

/** What `scanJsonText` found first: a key repeated in its object, or nesting past the limit. */
export interface JsonShapeProblem {
  kind: 'duplicate-key' | 'too-deep'
  offset: number
}

/**
 * The first repeated key (within one object) or the first container nested
 * more than `maxDepth` levels, in one pass over a text `JSON.parse` has
 * already accepted, without building any tree: a set of keys per open
 * object, nothing else. (`JSON.parse` keeps the last of two equal keys
 * without a word; a document must not.)
 * @example
 * scanJsonText('{"a":1,"a":2}', 64) // { kind: 'duplicate-key', offset: 7 }
 */
export function scanJsonText(text: string, maxDepth: number): JsonShapeProblem | undefined {
  // One entry per open container: its keys for an object, undefined for an array.
  const open: (Set<string> | undefined)[] = []
  let expectKey = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index)
    if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      if (open.length === maxDepth) return { kind: 'too-deep', offset: index }
      open.push(char === 0x7b ? new Set() : undefined)
      expectKey = char === 0x7b
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      open.pop()
      expectKey = false
    } else if (char === 0x2c /* , */) {
      expectKey = open.at(-1) !== undefined
    } else if (char === 0x22 /* " */) {
      const end = jsonStringEnd(text, index)
      if (expectKey) {
        const raw = text.slice(index + 1, end - 1)
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw
        const keys = open.at(-1)!
        if (keys.has(key)) return { kind: 'duplicate-key', offset: index }
        keys.add(key)
        expectKey = false
      }
      index = end - 1
    }
  }
  return undefined
}

/** The end (exclusive) of the JSON string whose opening quote is at `start`. */
function jsonStringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1)
  while (quote !== -1) {
    let backslashes = 0
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++
    if (backslashes % 2 === 0) return quote + 1
    quote = text.indexOf('"', quote + 1)
  }
  return text.length
}
