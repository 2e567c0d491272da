import {
  described,
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

function expectation<const Type extends string, const Extra extends Record<string, unknown>>(
  type: Type,
  extra: Extra,
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      type: described(
        'The expectation type, e.g. state, calledTool, outcomeVerified, trajectory, judge, contract.',
        { const: type },
      ),
      id: described(
        'Id of the expectation, unique in the scenario; reports and overrides name it.',
        slugSchema,
      ),
      description: described('Free text for people.', { type: 'string' }),
      critical: described('true: a failure is a NEW_CRITICAL_FAILURE that blocks the release.', {
        type: 'boolean',
      }),
      ...extra,
    },
  } as const
}

export const toolStepSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tool'],
  properties: {
    tool: described('The tool of this step.', toolNameSchema),
    args: described('Arguments the call must have, compared by argsMode.', jsonObjectSchema),
  },
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
      ...expectation('state', {
        path: described(
          'State path of the twin to check, e.g. orders.ORD-1001.status.',
          nonEmptyStringSchema,
        ),
        ...valueCheckProperties,
      }),
      required: ['type', 'id', 'path'],
    },
    {
      ...expectation('noDuplicateSideEffect', {
        tool: described(
          'Only this tool; without it, every tool with an effect key.',
          toolNameSchema,
        ),
      }),
      required: ['type', 'id'],
    },
    {
      ...expectation('outcomeVerified', {
        path: described(
          'State path of the twin to check, e.g. orders.ORD-1001.status.',
          nonEmptyStringSchema,
        ),
        ...valueCheckProperties,
        unreportedEffect: described(
          'fail (default): an effect the agent did not report fails; allow: it passes.',
          { enum: ['fail', 'allow'] },
        ),
      }),
      required: ['type', 'id'],
    },
    {
      ...expectation('callOrder', {
        before: described('The tool that must be called first.', toolNameSchema),
        after: described('The tool that must be called after it.', toolNameSchema),
      }),
      required: ['type', 'id', 'before', 'after'],
    },
    {
      ...expectation('calledTool', {
        tool: described('The tool the expectation is about.', toolNameSchema),
        args: described('Arguments the call must have, compared by argsMode.', jsonObjectSchema),
        argsMode: described(
          'How arguments compare: exact, subset, superset or ignore.',
          argsModeSchema,
        ),
        times: described('Exactly how many matching calls there must be.', {
          type: 'integer',
          minimum: 0,
        }),
      }),
      required: ['type', 'id', 'tool'],
    },
    {
      ...expectation('notCalledTool', {
        tool: described('The tool the expectation is about.', toolNameSchema),
        args: described('Arguments the call must have, compared by argsMode.', jsonObjectSchema),
        argsMode: described(
          'How arguments compare: exact, subset, superset or ignore.',
          argsModeSchema,
        ),
      }),
      required: ['type', 'id', 'tool'],
    },
    {
      ...expectation('trajectory', {
        mode: described(
          'How the calls compare with the steps: strict, unordered, subset or superset.',
          { enum: ['strict', 'unordered', 'subset', 'superset'] },
        ),
        steps: described('The expected tool calls.', {
          type: 'array',
          minItems: 1,
          items: toolStepSchema,
        }),
        argsMode: described(
          'How arguments compare: exact, subset, superset or ignore.',
          argsModeSchema,
        ),
      }),
      required: ['type', 'id', 'mode', 'steps'],
    },
    {
      ...expectation('handoff', {
        expected: described('true: the case must be handed to a person; false: it must not.', {
          type: 'boolean',
        }),
        tool: described('The handoff tool; without it, any tool marked handoff.', toolNameSchema),
      }),
      required: ['type', 'id', 'expected'],
    },
    {
      ...expectation('maxRetries', {
        tool: described('The tool whose retries are counted.', toolNameSchema),
        max: described('Most retries allowed.', { type: 'integer', minimum: 0 }),
      }),
      required: ['type', 'id', 'tool', 'max'],
    },
    {
      ...expectation('noCollateralChanges', {
        allow: described('State paths the agent may change; any other change fails.', {
          type: 'array',
          items: nonEmptyStringSchema,
        }),
      }),
      required: ['type', 'id', 'allow'],
    },
    {
      ...expectation('judge', {
        criterion: described('What the judge decides, in plain words.', nonEmptyStringSchema),
        include: {
          description: 'Evidence the judge sees besides the reply: records, finalState, input.',
          type: 'array',
          uniqueItems: true,
          items: { enum: ['records', 'finalState', 'input'] },
        },
        threshold: described('Lowest judge score (0-1) that passes.', {
          type: 'number',
          minimum: 0,
          maximum: 1,
        }),
      }),
      required: ['type', 'id', 'criterion'],
    },
    {
      ...expectation('contract', {
        contract: described(
          'Path of the contract document, relative to this file.',
          nonEmptyStringSchema,
        ),
        entity: described(
          'Id of the entity the contract is checked on, e.g. ORD-1001.',
          nonEmptyStringSchema,
        ),
      }),
      required: ['type', 'id', 'contract', 'entity'],
    },
    {
      ...expectation('traceMatchesRecords', {}),
      required: ['type', 'id'],
    },
  ],
} as const
