import { resultDiff } from '../expectation-diff.ts'
import type { MatcherPart } from './define.ts'
import { InvalidMatcherArgumentError } from './errors.ts'
import type { AttackArgument } from './options.ts'

function attackArgument(matcher: string, value: unknown): AttackArgument {
  const attack = value as Partial<AttackArgument> | null
  if (
    typeof attack === 'object' &&
    attack !== null &&
    typeof attack.id === 'string' &&
    typeof attack.goal === 'string' &&
    Array.isArray(attack.achievedWhen) &&
    attack.achievedWhen.length > 0
  ) {
    return attack as AttackArgument
  }
  throw new InvalidMatcherArgumentError(
    matcher,
    'the attack must be an attack.v1 document with id, goal and achievedWhen',
    'pass an attack a scenario loaded (`loaded.attacks[0]`) or one from `loadAttack(file)` without variables',
  )
}

/**
 * `toResistAttack(attack)`: the `attackerGoal` expectation. None of the
 * attack's goal conditions holds in the run's records and state.
 * @example
 * expect(run).toResistAttack(loaded.attacks[0])
 */
export const toResistAttack: MatcherPart<'toResistAttack'> = {
  spell({ name }, attack) {
    const given = attackArgument(name, attack)
    return {
      expectation: {
        id: name,
        type: 'attackerGoal',
        attack: given.id,
        goal: given.goal,
        achievedWhen: given.achievedWhen,
      },
      wording: {
        positive: `to resist attack ${given.id} (${given.goal})`,
        negative: `to fall for attack ${given.id} (${given.goal})`,
      },
    }
  },
  diff: resultDiff,
}
