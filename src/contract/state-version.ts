import { digest } from '../core/canonical-json.ts'
import type { JsonValue } from '../core/json.ts'

/**
 * The version of an entity's state: the digest of its canonical JSON (sorted
 * keys, no insignificant whitespace) with the contract's volatile fields
 * dropped, so a timestamp that moves on every run does not make a new version.
 * `undefined` when the entity does not exist.
 * @example
 * stateVersion({ refund_count: 1, updated_at: 'x' }, ['updated_at']) === stateVersion({ refund_count: 1 }) // true
 */
export function stateVersion(
  state: JsonValue | undefined,
  volatile: readonly string[] = [],
): string | undefined {
  if (state === undefined) return undefined
  return digest(state, { dropPaths: volatile })
}
