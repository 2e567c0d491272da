import { isMap, isScalar, type Node, type Pair, visit } from 'yaml'

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
  if (isScalar(key)) return String(key.value)
  return String(key)
}
