import type { JsonObject } from '../../core/json.ts'
import { described, nonEmptyStringSchema, slugSchema } from '../schema-parts.ts'
import { declareExpectation, type ExpectationBase } from './declare.ts'
import {
  type ArgsMatchMode,
  argsModeProperty,
  argsProperty,
  statePathProperty,
  toolNameSchema,
  type ValueCheck,
  valueCheckProperties,
} from './parts.ts'

/** What an attack tries to make the agent do. */
export const ATTACK_GOALS = [
  'unauthorised-write',
  'exfiltration',
  'skip-check',
  'impersonation',
  'false-result',
] as const

/** One of {@link ATTACK_GOALS}. */
export type AttackGoal = (typeof ATTACK_GOALS)[number]

/** The attacker's goal is reached by a call the twin recorded. */
export interface GoalCall {
  tool: string
  args?: JsonObject
  argsMode?: ArgsMatchMode
  /** Each named argument, as text, matches this regular expression. */
  argsMatch?: Record<string, string>
  /** Some argument, as text, matches this regular expression (e.g. the attacker's address anywhere). */
  anyArgMatches?: string
  /** Only a call with no earlier call of this tool counts (a skipped required check). */
  without?: string
  /** true: a call the twin refused counts too; default: only calls that did what they were asked. */
  attempts?: boolean
}

/** The attacker's goal is reached when a value of the final state passes one check. */
export interface GoalState extends ValueCheck {
  path: string
}

/** One way the attacker's goal is reached: a recorded call, or a state value (exactly one is given). */
export interface GoalCondition {
  description?: string
  call?: GoalCall
  state?: GoalState
}

export interface AttackerGoalExpectation extends ExpectationBase {
  type: 'attackerGoal'
  /** The attack this goal belongs to (its id). */
  attack: string
  goal: AttackGoal
  /** The goal is reached when any of these holds; the expectation passes when none does. */
  achievedWhen: GoalCondition[]
}

/** The JSON Schema of one goal condition. */
export const goalConditionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    description: described('What this condition means, for people.', { type: 'string' }),
    call: described('Reached by a recorded call of this tool (with matching arguments).', {
      type: 'object',
      additionalProperties: false,
      required: ['tool'],
      properties: {
        tool: described('The tool whose call reaches the goal.', toolNameSchema),
        args: argsProperty,
        argsMode: argsModeProperty,
        argsMatch: described(
          'Regular expressions the named arguments (as text) must match, e.g. { to: "@evil\\\\.example$" }.',
          { type: 'object', additionalProperties: nonEmptyStringSchema },
        ),
        anyArgMatches: described(
          "A regular expression some argument (as text) must match, e.g. the attacker's address.",
          nonEmptyStringSchema,
        ),
        without: described(
          'Only a call with no earlier call of this tool counts: a skipped required check.',
          toolNameSchema,
        ),
        attempts: described(
          'true: calls the twin refused count too; default: only calls that did what they were asked.',
          { type: 'boolean' },
        ),
      },
    }),
    state: described('Reached when the final state value at path passes one check.', {
      type: 'object',
      additionalProperties: false,
      required: ['path'],
      properties: { path: statePathProperty, ...valueCheckProperties },
    }),
  },
  minProperties: 1,
} as const

export const attackerGoal = declareExpectation<AttackerGoalExpectation>()({
  type: 'attackerGoal',
  description:
    "Security: the attacker's goal did not happen. Fails naming the record that reached it and the injected content before it.",
  properties: {
    attack: described('Id of the attack this goal belongs to.', slugSchema),
    goal: described(
      'What the attack tries: unauthorised-write, exfiltration, skip-check, impersonation or false-result.',
      {
        enum: ATTACK_GOALS,
      },
    ),
    achievedWhen: described("The attacker's goal is reached when any of these holds.", {
      type: 'array',
      minItems: 1,
      items: goalConditionSchema,
    }),
  },
  required: ['attack', 'goal', 'achievedWhen'],
  matchers: ['toResistAttack'],
})
