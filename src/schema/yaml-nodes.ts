/**
 * Walks of a parsed YAML tree: where a field path sits in the source, which
 * field an offset falls in, and the nodes a document may not hold (a cycle, an
 * alias, a non-finite number).
 */
import type { Alias, Document, Node, Scalar } from 'yaml'
import type { FieldPath } from './field-path.ts'
import { yaml } from './yaml-lib.ts'

/** An alias inside the very node its anchor names (`a: &loop { self: *loop }`): a cycle. */
export function findSelfReference(doc: Document.Parsed): Alias | undefined {
  let found: Alias | undefined
  yaml().visit(doc, {
    Alias(_key, alias) {
      const target = alias.resolve(doc)
      const [start, , end] = target?.range ?? []
      const at = alias.range?.[0]
      if (start !== undefined && end !== undefined && at !== undefined && start <= at && at < end) {
        found = alias
        return yaml().visit.BREAK
      }
    },
  })
  return found
}

/** The offset of a field's value (or key), or of its nearest existing parent. */
export function offsetOf(root: Node, path: FieldPath, at: 'key' | 'value'): number {
  let node: Node = root
  let keyNode: Node | undefined
  for (const segment of path) {
    const next = childOf(node, segment)
    if (!next) return keyNode && at === 'key' ? start(keyNode) : start(node)
    node = next.value ?? next.key ?? node
    keyNode = next.key
  }
  return at === 'key' && keyNode ? start(keyNode) : start(node)
}

function childOf(node: Node, segment: string | number): { key?: Node; value?: Node } | undefined {
  if (yaml().isMap(node)) {
    for (const pair of node.items) {
      const key = pair.key as Node | null
      const keyValue = yaml().isScalar(key) ? key.value : key
      if (String(keyValue) === String(segment)) {
        return { key: key ?? undefined, value: (pair.value as Node | null) ?? undefined }
      }
    }
    return undefined
  }
  if (yaml().isSeq(node) && typeof segment === 'number') {
    const item = node.items[segment] as Node | undefined
    return item ? { value: item } : undefined
  }
  return undefined
}

function start(node: Node): number {
  return node.range?.[0] ?? 0
}

/** The field path of the innermost key or value that contains `offset`. */
export function pathAtOffset(root: Node | null, offset: number): (string | number)[] {
  const path: (string | number)[] = []
  let node: Node | null = root
  while (node && yaml().isCollection(node)) {
    let descended = false
    for (const [index, item] of node.items.entries()) {
      if (yaml().isPair(item)) {
        const key = item.key as Node | null
        const value = item.value as Node | null
        const end = value?.range?.[2] ?? key?.range?.[2] ?? -1
        if ((key?.range?.[0] ?? Number.POSITIVE_INFINITY) <= offset && offset < end) {
          path.push(yaml().isScalar(key) ? String(key.value) : String(key))
          node = value
          descended = true
          break
        }
      } else {
        const child = item as Node
        if (child.range && child.range[0] <= offset && offset < child.range[2]) {
          path.push(index)
          node = child
          descended = true
          break
        }
      }
    }
    if (!descended) break
  }
  return path
}

/** `.inf` and `.nan` are YAML numbers that JSON (and so a document) cannot hold. */
export function findNonFiniteNumber(root: Node): Scalar | undefined {
  let found: Scalar | undefined
  yaml().visit(root, {
    Scalar(_key, node) {
      if (typeof node.value === 'number' && !Number.isFinite(node.value)) {
        found = node
        return yaml().visit.BREAK
      }
    },
  })
  return found
}

export function findFirstAlias(root: Node | null): Node | undefined {
  let found: Node | undefined
  yaml().visit(root, {
    Alias(_key, node) {
      found = node
      return yaml().visit.BREAK
    },
  })
  if (found && yaml().isAlias(found)) return found
  return undefined
}
