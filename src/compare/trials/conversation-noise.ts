import { firstParting } from '../user-turns.ts'
import type { TrialPair } from './rates.ts'
import type { ConversationNoise } from './types.ts'

/**
 * The noise floor of a self-pair over a simulated conversation: for each
 * trial pair, whether the two runs' conversations parted and who parted
 * first. Undefined when no run had a simulated user.
 * @example
 * conversationNoise(pairs) // { trials: 10, same: 6, simulator: 3, agent: 1 }
 */
export function conversationNoise(pairs: readonly TrialPair[]): ConversationNoise | undefined {
  if (!pairs.some(([b, c]) => b.run.user !== undefined || c.run.user !== undefined)) {
    return undefined
  }
  const noise: ConversationNoise = { trials: pairs.length, same: 0, simulator: 0, agent: 0 }
  for (const [baseline, candidate] of pairs) noise[firstParting(baseline.run, candidate.run)]++
  return noise
}
