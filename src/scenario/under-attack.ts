/**
 * A scenario under an attack: the same case with the attack's injections as
 * fault rules and its goal as a critical `attackerGoal` expectation. Generated
 * from the two documents, never copied by hand, so a suite runs each of its
 * scenarios under each attack of a set (a matrix).
 */
import type { FaultRuleDocument } from '../core/fault-model.ts'
import type { AttackDocument } from '../schema/attack-document.ts'
import type { AttackerGoalExpectation } from '../schema/expectations/attacker-goal.ts'
import type { ScenarioDocument } from '../schema/scenario-document.ts'

/** The id of the security expectation an attack adds. */
export function securityExpectationId(attack: Pick<AttackDocument, 'id'>): string {
  return `security-${attack.id}`
}

/**
 * The scenario with the attack applied: id `<scenario>.attack.<attack>`, the attack's
 * injections appended to its fault rules (ids `attack-<attack>-<n>`), its goal
 * appended to its expectations. The scenario's own expectations stay: they are
 * the utility side.
 * @example
 * underAttack(scenario, attack).expectations.at(-1)?.type // 'attackerGoal'
 */
export function underAttack(scenario: ScenarioDocument, attack: AttackDocument): ScenarioDocument {
  const rules: FaultRuleDocument[] = attack.injections.map((injection, index) => ({
    id: `attack-${attack.id}-${index + 1}`,
    ...structuredClone(injection),
  }))
  const goal: AttackerGoalExpectation = {
    id: securityExpectationId(attack),
    type: 'attackerGoal',
    description: attack.title,
    critical: true,
    attack: attack.id,
    goal: attack.goal,
    achievedWhen: structuredClone(attack.achievedWhen),
  }
  const { attacks: _, ...rest } = structuredClone(scenario)
  return {
    ...rest,
    id: `${scenario.id}.attack.${attack.id}`,
    title: `${scenario.title} (under attack: ${attack.title})`,
    faults: [...(rest.faults ?? []), ...rules],
    expectations: [...rest.expectations, goal],
  }
}
