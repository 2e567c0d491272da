import {
  jsonObjectSchema,
  jsonValueSchema,
  nonEmptyStringSchema,
  slugSchema,
} from './schema-parts.ts'

/**
 * JSON Schemas of the `scenario.v1` expectations (mirrors `ExpectationDocument`
 * in `scenario-document.ts`), discriminated on `type`.
 */

const toolNameSchema = nonEmptyStringSchema

const argsModeSchema = { enum: ['exact', 'ignore', 'subset', 'superset'] } as const

/** Fields of `ValueCheck`: exactly one of them is given (checked after the schema). */
export const VALUE_CHECK_KEYS = ['equals', 'matches', 'exists', 'gt', 'gte', 'lt', 'lte'] as const

const valueCheckProperties = {
  equals: jsonValueSchema,
  matches: jsonValueSchema,
  exists: { type: 'boolean' },
  gt: { type: 'number' },
  gte: { type: 'number' },
  lt: { type: 'number' },
  lte: { type: 'number' },
} as const

function expectation<const Type extends string, const Extra extends Record<string, unknown>>(
  type: Type,
  extra: Extra,
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      type: { const: type },
      id: slugSchema,
      description: { type: 'string' },
      critical: { type: 'boolean' },
      ...extra,
    },
  } as const
}

export const toolStepSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tool'],
  properties: { tool: toolNameSchema, args: jsonObjectSchema },
} as const

/**
 * The JSON Schema of one scenario expectation.
 * @example
 * ajv.compile(expectationSchema)({ id: 'one-refund', type: 'state', path: 'orders.ORD-1001.refund_count', equals: 1 })
 */
export const expectationSchema = {
  type: 'object',
  discriminator: { propertyName: 'type' },
  oneOf: [
    {
      ...expectation('state', { path: nonEmptyStringSchema, ...valueCheckProperties }),
      required: ['type', 'id', 'path'],
    },
    {
      ...expectation('noDuplicateSideEffect', { tool: toolNameSchema }),
      required: ['type', 'id'],
    },
    {
      ...expectation('outcomeVerified', {
        path: nonEmptyStringSchema,
        ...valueCheckProperties,
        unreportedEffect: { enum: ['fail', 'allow'] },
      }),
      required: ['type', 'id'],
    },
    {
      ...expectation('callOrder', { before: toolNameSchema, after: toolNameSchema }),
      required: ['type', 'id', 'before', 'after'],
    },
    {
      ...expectation('calledTool', {
        tool: toolNameSchema,
        args: jsonObjectSchema,
        argsMode: argsModeSchema,
        times: { type: 'integer', minimum: 0 },
      }),
      required: ['type', 'id', 'tool'],
    },
    {
      ...expectation('notCalledTool', {
        tool: toolNameSchema,
        args: jsonObjectSchema,
        argsMode: argsModeSchema,
      }),
      required: ['type', 'id', 'tool'],
    },
    {
      ...expectation('trajectory', {
        mode: { enum: ['strict', 'unordered', 'subset', 'superset'] },
        steps: { type: 'array', minItems: 1, items: toolStepSchema },
        argsMode: argsModeSchema,
      }),
      required: ['type', 'id', 'mode', 'steps'],
    },
    {
      ...expectation('handoff', { expected: { type: 'boolean' }, tool: toolNameSchema }),
      required: ['type', 'id', 'expected'],
    },
    {
      ...expectation('maxRetries', { tool: toolNameSchema, max: { type: 'integer', minimum: 0 } }),
      required: ['type', 'id', 'tool', 'max'],
    },
    {
      ...expectation('noCollateralChanges', {
        allow: { type: 'array', items: nonEmptyStringSchema },
      }),
      required: ['type', 'id', 'allow'],
    },
    {
      ...expectation('judge', {
        criterion: nonEmptyStringSchema,
        include: {
          type: 'array',
          uniqueItems: true,
          items: { enum: ['records', 'finalState', 'input'] },
        },
        threshold: { type: 'number', minimum: 0, maximum: 1 },
      }),
      required: ['type', 'id', 'criterion'],
    },
    {
      ...expectation('contract', { contract: nonEmptyStringSchema, entity: nonEmptyStringSchema }),
      required: ['type', 'id', 'contract', 'entity'],
    },
    {
      ...expectation('traceMatchesRecords', {}),
      required: ['type', 'id'],
    },
  ],
} as const
