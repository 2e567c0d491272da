import { createHash } from 'node:crypto'

const TWO_POW_52 = 2 ** 52

/**
 * A number in [0, 1) fixed by (seed, rule id, tool, call number) alone.
 *
 * Why a hash and not a random stream: a stream hands out numbers in the
 * order calls arrive, so a call to another tool (or a retry that lands a
 * millisecond earlier) would shift every later draw and change which faults
 * fire. Hashing the call's own coordinates makes each decision independent
 * of timing and of every other call; and since a call fires when its unit
 * is below the rate, raising the rate only ever adds faults.
 *
 * The first 52 bits of a SHA-256 digest fit a double exactly.
 *
 * @example
 * seededUnit(7, 'flaky-refunds', 'refund_payment', 3) // same value on every run and machine
 */
export function seededUnit(seed: number, ruleId: string, tool: string, callNumber: number): number {
  // JSON keeps the parts apart: ('a:b', 'c') and ('a', 'b:c') never collide.
  const digest = createHash('sha256')
    .update(JSON.stringify([seed, ruleId, tool, callNumber]))
    .digest('hex')
  return Number.parseInt(digest.slice(0, 13), 16) / TWO_POW_52
}
