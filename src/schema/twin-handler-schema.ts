import {
  ADAPTER_NAME_PATTERN,
  described,
  jsonObjectSchema,
  jsonValueSchema,
  nonEmptyStringSchema,
} from './schema-parts.ts'

/**
 * JSON Schemas of the `twin.v1` handler parts (mirrors the handler types in
 * `twin-document.ts`). Unions are discriminated (`kind`, `op`) so that ajv
 * reports the errors of the one branch the author meant, not of all seven.
 */

export const responseTemplateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: {
    status: described('HTTP status of the answer (100-599).', {
      type: 'integer',
      minimum: 100,
      maximum: 599,
    }),
    body: described(
      'The answer body; strings may use placeholders: an argument by its name, e.g. {order_id}, or a call fact, e.g. {$target.status} or {$id}.',
      jsonValueSchema,
    ),
    headers: described('Extra response headers, name to value.', {
      type: 'object',
      additionalProperties: { type: 'string' },
    }),
  },
} as const

/** A state path relative to the handler's target. */
const relativePathSchema = nonEmptyStringSchema

/** The entity a read, list, mutate or delete handler works on. */
const targetSchema = described(
  'State path of the entity, with placeholders from the arguments, e.g. orders.{order_id}.',
  nonEmptyStringSchema,
)

const notFoundSchema = described(
  'The answer when the target does not exist (default 404).',
  responseTemplateSchema,
)

const successResponseSchema = described(
  'The answer on success; templates see the arguments ({order_id}) and the call facts ({$target.status} is the target after the effects).',
  responseTemplateSchema,
)

export const preconditionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'error'],
  properties: {
    path: described('State path to test, relative to the handler target.', relativePathSchema),
    equals: described('Holds when the value equals this.', jsonValueSchema),
    notEquals: described('Holds when the value differs from this.', jsonValueSchema),
    gt: described('Holds when the value is greater than this.', jsonValueSchema),
    gte: described('Holds when the value is greater than or equal to this.', jsonValueSchema),
    lt: described('Holds when the value is less than this.', jsonValueSchema),
    lte: described('Holds when the value is less than or equal to this.', jsonValueSchema),
    in: described('Holds when the value is one of these.', {
      type: 'array',
      items: jsonValueSchema,
    }),
    exists: described('true: the path must exist; false: it must not.', { type: 'boolean' }),
    error: described(
      'The answer when the precondition does not hold; no effect runs.',
      responseTemplateSchema,
    ),
  },
} as const

const preconditionsSchema = described(
  'Checks on the state before the effects run; the first that fails answers its error.',
  { type: 'array', items: preconditionSchema } as const,
)

function effect<const Op extends string, const Extra extends Record<string, unknown>>(
  op: Op,
  extra: Extra,
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      op: described('The effect: set, unset, increment, decrement, append, remove or merge.', {
        const: op,
      }),
      path: described(
        'State path the effect changes, relative to the handler target.',
        relativePathSchema,
      ),
      ...extra,
    },
  } as const
}

export const effectSchema = {
  type: 'object',
  discriminator: { propertyName: 'op' },
  oneOf: [
    {
      ...effect('set', {
        value: described('The value to write (templates allowed).', jsonValueSchema),
      }),
      required: ['op', 'path', 'value'],
    },
    { ...effect('unset', {}), required: ['op', 'path'] },
    {
      ...effect('increment', {
        by: described('How much to add (default 1; templates allowed).', jsonValueSchema),
      }),
      required: ['op', 'path'],
    },
    {
      ...effect('decrement', {
        by: described('How much to subtract (default 1; templates allowed).', jsonValueSchema),
      }),
      required: ['op', 'path'],
    },
    {
      ...effect('append', {
        value: described('The item appended to the array (templates allowed).', jsonValueSchema),
      }),
      required: ['op', 'path', 'value'],
    },
    {
      ...effect('remove', {
        where: described(
          'Removes the array items whose fields equal these; without it, removes the path.',
          { type: 'object', additionalProperties: jsonValueSchema },
        ),
      }),
      required: ['op', 'path'],
    },
    {
      ...effect('merge', {
        value: described(
          'An object whose fields are merged into the one at the path.',
          jsonValueSchema,
        ),
      }),
      required: ['op', 'path', 'value'],
    },
  ],
} as const

function handler<const Kind extends string, const Extra extends Record<string, unknown>>(
  kind: Kind,
  extra: Extra,
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      kind: described('The handler kind: static, read, list, create, mutate, delete or adapter.', {
        const: kind,
      }),
      ...extra,
    },
  } as const
}

export const handlerSchema = {
  type: 'object',
  discriminator: { propertyName: 'kind' },
  oneOf: [
    {
      ...handler('static', { response: described('The fixed answer.', responseTemplateSchema) }),
      required: ['kind', 'response'],
    },
    {
      ...handler('read', {
        target: targetSchema,
        notFound: notFoundSchema,
        response: successResponseSchema,
      }),
      required: ['kind', 'target'],
    },
    {
      ...handler('list', {
        target: targetSchema,
        filter: described('Keeps the items whose fields equal these (templates allowed).', {
          type: 'object',
          additionalProperties: jsonValueSchema,
        }),
        keyAs: described("Adds each item's key to it under this field name.", nonEmptyStringSchema),
        response: successResponseSchema,
      }),
      required: ['kind', 'target'],
    },
    {
      ...handler('create', {
        collection: described(
          'State path of the collection the new entity goes into.',
          nonEmptyStringSchema,
        ),
        key: described(
          "The new entity's key (templates allowed); by default a generated id.",
          nonEmptyStringSchema,
        ),
        value: described('The new entity (templates allowed).', jsonValueSchema),
        conflict: described(
          'The answer when the key already exists (default 409).',
          responseTemplateSchema,
        ),
        preconditions: preconditionsSchema,
        effects: described('State changes after the create, in order.', {
          type: 'array',
          items: effectSchema,
        }),
        response: successResponseSchema,
      }),
      required: ['kind', 'collection', 'value'],
    },
    {
      ...handler('mutate', {
        target: targetSchema,
        notFound: notFoundSchema,
        preconditions: preconditionsSchema,
        effects: described('State changes, in order; all or none are applied.', {
          type: 'array',
          minItems: 1,
          items: effectSchema,
        }),
        response: successResponseSchema,
      }),
      required: ['kind', 'target', 'effects'],
    },
    {
      ...handler('delete', {
        target: targetSchema,
        notFound: notFoundSchema,
        preconditions: preconditionsSchema,
        response: successResponseSchema,
      }),
      required: ['kind', 'target'],
    },
    {
      ...handler('adapter', {
        adapter: described('Name of an adapter registered with registerAdapter().', {
          type: 'string',
          pattern: ADAPTER_NAME_PATTERN,
        }),
        options: described('Options handed to the adapter as context.options.', jsonObjectSchema),
      }),
      required: ['kind', 'adapter'],
    },
  ],
} as const
