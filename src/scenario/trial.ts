import { createHash } from 'node:crypto'
import type { PinnedCase } from './pin.ts'

export { MAX_TRIALS } from '../core/trial-plan.ts'

/** The side of a pair a run is for. */
export type PairSide = 'baseline' | 'candidate'

/**
 * The seed of trial `index` (1-based) of a case pinned with `seed`. Trial 1
 * keeps the pinned seed, so one trial is exactly a run without trials; later
 * trials hash the pinned seed and the index, so they differ from each other
 * and reproduce byte for byte.
 * @example trialSeed(1002, 1) // 1002
 */
export function trialSeed(seed: number, index: number): number {
  if (!Number.isInteger(index) || index < 1) {
    throw new RangeError(`trial index must be a positive integer, got ${index}`)
  }
  if (index === 1) return seed
  const hash = createHash('sha256').update(`agenttwin/trial-seed:${seed}:${index}`).digest()
  // 31 bits: a non-negative integer, as scenario seeds are.
  return hash.readUInt32BE(0) >>> 1
}

/**
 * Trial `index` of a pinned case: the same frozen documents and digests, the
 * seed of {@link trialSeed}. Trial 1 is the pinned case itself.
 */
export function pinTrial(pinned: PinnedCase, index: number): PinnedCase {
  const seed = trialSeed(pinned.seed, index)
  if (seed === pinned.seed) return pinned
  return Object.freeze({ ...pinned, seed })
}

/**
 * The seed of trial `index` (1-based) of one side of a pair whose sides run
 * their own seeds: a hash of the pinned seed, the side and the index, so the
 * two sides of a trial never share a seed (pairing a version with itself
 * measures how reproducible it is) and each reproduces byte for byte.
 * @example sideTrialSeed(1002, 'baseline', 1) !== sideTrialSeed(1002, 'candidate', 1) // true
 */
export function sideTrialSeed(seed: number, side: PairSide, index: number): number {
  if (!Number.isInteger(index) || index < 1) {
    throw new RangeError(`trial index must be a positive integer, got ${index}`)
  }
  const hash = createHash('sha256').update(`agenttwin/trial-seed:${seed}:${side}:${index}`).digest()
  return hash.readUInt32BE(0) >>> 1
}

/** Trial `index` of one side of a pinned case, with the seed of {@link sideTrialSeed}. */
export function pinSideTrial(pinned: PinnedCase, side: PairSide, index: number): PinnedCase {
  return Object.freeze({ ...pinned, seed: sideTrialSeed(pinned.seed, side, index) })
}
