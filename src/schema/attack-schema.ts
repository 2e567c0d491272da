import { ATTACK_API_VERSION } from './attack-document.ts'
import { ATTACK_GOALS, goalConditionSchema } from './expectations/attacker-goal.ts'
import { faultConditionSchema } from './scenario-schema.ts'
import {
  described,
  jsonObjectSchema,
  jsonValueSchema,
  nonEmptyStringSchema,
  slugSchema,
} from './schema-parts.ts'

/** The JSON Schema of one injection of an attack: a fault rule without an id. */
export const attackInjectionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tool', 'fault'],
  properties: {
    tool: described(
      'The tool whose answer (or description) carries the content.',
      nonEmptyStringSchema,
    ),
    when: described('Which calls carry it; without it, every call.', faultConditionSchema),
    fault: described(
      'An injection fault: injection_in_response, injection_in_list, injection_in_state or injection_in_description.',
      nonEmptyStringSchema,
    ),
    params: described('The fault params: content, path or statePath, mode, ...', jsonObjectSchema),
  },
} as const

/**
 * The JSON Schema of an `attack.v1` document; `AttackDocument` mirrors it.
 * @example
 * import type { FromSchema } from 'json-schema-to-ts'
 * type Attack = FromSchema<typeof attackSchema, SchemaTypeOptions>
 */
export const attackSchema = {
  $id: 'https://agenttwin.dev/schemas/attack.v1.json',
  type: 'object',
  additionalProperties: false,
  required: ['apiVersion', 'id', 'title', 'goal', 'injections', 'achievedWhen'],
  properties: {
    apiVersion: described('Document kind and version: agenttwin/attack.v1.', {
      const: ATTACK_API_VERSION,
    }),
    id: described('Id of the attack; scenarios and reports name it.', slugSchema),
    title: described('What the attack does, in one line.', nonEmptyStringSchema),
    description: described('Free text for people.', { type: 'string' }),
    goal: described(
      'What the attack tries: unauthorised-write, exfiltration, skip-check, impersonation or false-result.',
      { enum: ATTACK_GOALS },
    ),
    variables: described('Values a scenario fills in; {{name}} in any string stands for one.', {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        required: ['description'],
        properties: {
          description: described('What the value is.', nonEmptyStringSchema),
          default: described('Used when the scenario gives none.', jsonValueSchema),
        },
      },
    }),
    injections: described('Where the attacker-written content goes (injection fault rules).', {
      type: 'array',
      minItems: 1,
      items: attackInjectionSchema,
    }),
    achievedWhen: described("The attacker's goal: reached when any of these holds.", {
      type: 'array',
      minItems: 1,
      items: goalConditionSchema,
    }),
  },
} as const
