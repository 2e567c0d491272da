import type { JsonObject, JsonValue } from '../../core/json.ts'
import {
  described,
  jsonObjectSchema,
  jsonValueSchema,
  nonEmptyStringSchema,
} from '../schema-parts.ts'

/** Fields and schemas several expectation types share. */

/** Value checks shared by `state` and `outcomeVerified`. Exactly one is given. */
export interface ValueCheck {
  equals?: JsonValue
  /** A regular expression (strings) or a subset (objects: every given field deep-equals). */
  matches?: JsonValue
  exists?: boolean
  gt?: number
  gte?: number
  lt?: number
  lte?: number
}

export type ArgsMatchMode = 'exact' | 'ignore' | 'subset' | 'superset'

export interface ToolStep {
  tool: string
  args?: JsonObject
}

/** Fields of `ValueCheck`: exactly one of them is given (checked after the schema). */
export const VALUE_CHECK_KEYS = ['equals', 'matches', 'exists', 'gt', 'gte', 'lt', 'lte'] as const

/** The value checks a state expectation and a contract condition share, one per `VALUE_CHECK_KEYS` entry. */
export const valueCheckProperties = {
  equals: described('The value must equal this.', jsonValueSchema),
  matches: described(
    'The value must match this partially (objects by their listed fields).',
    jsonValueSchema,
  ),
  exists: described('true: the path must exist; false: it must not.', { type: 'boolean' }),
  gt: described('The number must be greater than this.', { type: 'number' }),
  gte: described('The number must be greater than or equal to this.', { type: 'number' }),
  lt: described('The number must be less than this.', { type: 'number' }),
  lte: described('The number must be less than or equal to this.', { type: 'number' }),
} as const

export const toolNameSchema = nonEmptyStringSchema

export const statePathProperty = described(
  'State path of the twin to check, e.g. orders.ORD-1001.status.',
  nonEmptyStringSchema,
)

export const argsProperty = described(
  'Arguments the call must have, compared by argsMode.',
  jsonObjectSchema,
)

export const argsModeProperty = described(
  'How arguments compare: exact, subset, superset or ignore.',
  { enum: ['exact', 'ignore', 'subset', 'superset'] } as const,
)

export const toolStepSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tool'],
  properties: {
    tool: described('The tool of this step.', toolNameSchema),
    args: argsProperty,
  },
} as const
