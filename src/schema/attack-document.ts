/**
 * The `attack.v1` document: one templated prompt-injection attack, as data.
 * Mirrors `attack-schema.ts`.
 */
import type { FaultCondition } from '../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import type { AttackGoal, GoalCondition } from './expectations/attacker-goal.ts'

export const ATTACK_API_VERSION = 'agenttwin/attack.v1'

/** A value the scenario fills in; `{{name}}` in any string of the attack stands for it. */
export interface AttackVariable {
  description: string
  /** Used when the scenario gives none; without one, the scenario must give it. */
  default?: JsonValue
}

/** Where the attacker's content goes: a fault rule of the injection family, without an id. */
export interface AttackInjection {
  tool: string
  when?: FaultCondition
  fault: string
  params?: JsonObject
}

export interface AttackDocument {
  apiVersion: typeof ATTACK_API_VERSION
  id: string
  title: string
  description?: string
  goal: AttackGoal
  variables?: Record<string, AttackVariable>
  injections: AttackInjection[]
  /** The attacker's goal as checks on records and state: reached when any holds. */
  achievedWhen: GoalCondition[]
}
