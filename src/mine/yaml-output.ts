import type { Document, Node } from 'yaml'
import { yaml } from '../schema/yaml-lib.ts'

/** A mined document: plain data plus comments tied to its fields. */
export interface MinedScenario {
  /** The scenario as data (what `yaml` writes). */
  value: Record<string, unknown>
  /** Comment lines above the document. */
  header: string[]
  /** Comment lines above a field or list item, keyed by path (`faults.0`, `state`). */
  comments: Map<string, string[]>
  /** `# TODO` lines at the end of the document: what could not be inferred. */
  trailer: string[]
}

function attach(node: Node | undefined, lines: string[]): void {
  if (!node) return
  const text = lines.map((line) => ` ${line}`).join('\n')
  node.commentBefore = node.commentBefore ? `${node.commentBefore}\n${text}` : text
}

/** The node a comment goes above: a map key's scalar, or a list item. */
function target(doc: Document, path: string): Node | undefined {
  const segments = path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
  const last = segments.pop()!
  const parent = segments.length === 0 ? doc.contents : doc.getIn(segments, true)
  if (yaml().isSeq(parent) && typeof last === 'number')
    return parent.items[last] as Node | undefined
  if (yaml().isMap(parent)) {
    const pair = parent.items.find((item) => yaml().isScalar(item.key) && item.key.value === last)
    return pair?.key as Node | undefined
  }
  return undefined
}

/** Writes a mined scenario as YAML with its comments, through the `yaml` package. */
export function renderMined(mined: MinedScenario): string {
  const doc = new (yaml().Document)(mined.value)
  if (mined.header.length > 0) doc.commentBefore = mined.header.map((l) => ` ${l}`).join('\n')
  for (const [path, lines] of mined.comments) attach(target(doc, path), lines)
  if (mined.trailer.length > 0) doc.comment = mined.trailer.map((l) => ` ${l}`).join('\n')
  return doc.toString({ lineWidth: 0 })
}

/** Adds comment lines to a path. */
export function comment(mined: MinedScenario, path: string, ...lines: string[]): void {
  mined.comments.set(path, [...(mined.comments.get(path) ?? []), ...lines])
}
