import { expectationSchema } from './expectation-schema.ts'
import { SCENARIO_API_VERSION } from './scenario-document.ts'
import {
  jsonObjectSchema,
  jsonValueSchema,
  nonEmptyStringSchema,
  slugSchema,
} from './schema-parts.ts'

const callNumberSchema = { type: 'integer', minimum: 1 } as const

/** The JSON Schema of a fault rule's condition (`when`). */
export const faultConditionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    call: callNumberSchema,
    calls: { type: 'array', minItems: 1, items: callNumberSchema },
    every: callNumberSchema,
    from: callNumberSchema,
    maxTimes: callNumberSchema,
    args: jsonObjectSchema,
    probability: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const

/** The JSON Schema of one fault rule of a scenario. */
export const faultRuleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tool', 'fault'],
  properties: {
    id: slugSchema,
    tool: nonEmptyStringSchema,
    when: faultConditionSchema,
    fault: nonEmptyStringSchema,
    params: jsonObjectSchema,
  },
} as const

/**
 * The JSON Schema of a `scenario.v1` document; `ScenarioDocument` mirrors it
 * (checked by `test/schema/types.test-d.ts`).
 * @example
 * import type { FromSchema } from 'json-schema-to-ts'
 * type Scenario = FromSchema<typeof scenarioSchema, SchemaTypeOptions>
 */
export const scenarioSchema = {
  $id: 'https://agenttwin.dev/schemas/scenario.v1.json',
  type: 'object',
  additionalProperties: false,
  required: ['apiVersion', 'id', 'version', 'title', 'twin', 'input', 'expectations'],
  properties: {
    apiVersion: { const: SCENARIO_API_VERSION },
    id: slugSchema,
    version: nonEmptyStringSchema,
    title: nonEmptyStringSchema,
    description: { type: 'string' },
    tags: { type: 'array', items: nonEmptyStringSchema },
    twin: nonEmptyStringSchema,
    input: jsonValueSchema,
    state: jsonObjectSchema,
    seed: { type: 'integer', minimum: 0 },
    trials: { type: 'integer', minimum: 1, maximum: 1000 },
    transport: { enum: ['http', 'mcp'] },
    faults: { type: 'array', items: faultRuleSchema },
    expectations: { type: 'array', minItems: 1, items: expectationSchema },
  },
} as const
