import type { JsonObject, JsonValue } from '../core/json.ts'
import { assertSafeSegments, pathOf, pathsOverlap, readPath } from '../core/state-path.ts'
import type { EntityRef } from '../schema/contract-document.ts'

/** Where one entity lives in the authoritative system's state. */
export interface EntityLocation {
  id: string
  /** `['orders', 'ORD-1001']`. */
  segments: string[]
  /** The segments before the id: the collection siblings live in. */
  collection: string[]
}

/** How a changed state path relates to the entity. */
export type PathRelation = { kind: 'entity' } | { kind: 'sibling'; id: string } | { kind: 'other' }

/**
 * The entity's place in the state, from the contract's `entity_ref.path`.
 * @throws UnsafePathError when the id makes an unsafe path (`__proto__`, an empty segment).
 * @example
 * locateEntity({ type: 'order', path: 'orders.{entity}' }, 'ORD-1001').segments // ['orders', 'ORD-1001']
 */
export function locateEntity(ref: EntityRef, id: string): EntityLocation {
  const template = pathOf(ref.path)
  const index = template.indexOf('{entity}')
  const segments = template.map((segment) => (segment === '{entity}' ? id : segment))
  assertSafeSegments(segments)
  return { id, segments, collection: segments.slice(0, index) }
}

/** The entity's value in a state, or undefined when it is not there. */
export function readEntity(state: JsonObject, location: EntityLocation): JsonValue | undefined {
  const lookup = readPath(state, location.segments)
  return lookup.found ? lookup.value : undefined
}

/**
 * Whether a change at `segments` touched the entity (at it, below it, or above it),
 * another entity of the same collection, or something else.
 * @example
 * relate(['orders', 'ORD-1002', 'refund_count'], location) // { kind: 'sibling', id: 'ORD-1002' }
 */
export function relate(segments: readonly string[], location: EntityLocation): PathRelation {
  if (pathsOverlap(segments, location.segments)) return { kind: 'entity' }
  const depth = location.collection.length
  const inCollection = location.collection.every((segment, index) => segments[index] === segment)
  if (inCollection && segments.length > depth) return { kind: 'sibling', id: segments[depth]! }
  return { kind: 'other' }
}
