import {
  ADAPTER_NAME_PATTERN,
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
    status: { type: 'integer', minimum: 100, maximum: 599 },
    body: jsonValueSchema,
    headers: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const

/** A state path relative to the handler's target. */
const relativePathSchema = nonEmptyStringSchema

export const preconditionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path', 'error'],
  properties: {
    path: relativePathSchema,
    equals: jsonValueSchema,
    notEquals: jsonValueSchema,
    gt: jsonValueSchema,
    gte: jsonValueSchema,
    lt: jsonValueSchema,
    lte: jsonValueSchema,
    in: { type: 'array', items: jsonValueSchema },
    exists: { type: 'boolean' },
    error: responseTemplateSchema,
  },
} as const

const preconditionsSchema = { type: 'array', items: preconditionSchema } as const

function effect<const Op extends string, const Extra extends Record<string, unknown>>(
  op: Op,
  extra: Extra,
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: { op: { const: op }, path: relativePathSchema, ...extra },
  } as const
}

export const effectSchema = {
  type: 'object',
  discriminator: { propertyName: 'op' },
  oneOf: [
    { ...effect('set', { value: jsonValueSchema }), required: ['op', 'path', 'value'] },
    { ...effect('unset', {}), required: ['op', 'path'] },
    { ...effect('increment', { by: jsonValueSchema }), required: ['op', 'path'] },
    { ...effect('decrement', { by: jsonValueSchema }), required: ['op', 'path'] },
    { ...effect('append', { value: jsonValueSchema }), required: ['op', 'path', 'value'] },
    {
      ...effect('remove', {
        where: { type: 'object', additionalProperties: jsonValueSchema },
      }),
      required: ['op', 'path'],
    },
    { ...effect('merge', { value: jsonValueSchema }), required: ['op', 'path', 'value'] },
  ],
} as const

function handler<const Kind extends string, const Extra extends Record<string, unknown>>(
  kind: Kind,
  extra: Extra,
) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: { kind: { const: kind }, ...extra },
  } as const
}

export const handlerSchema = {
  type: 'object',
  discriminator: { propertyName: 'kind' },
  oneOf: [
    { ...handler('static', { response: responseTemplateSchema }), required: ['kind', 'response'] },
    {
      ...handler('read', {
        target: nonEmptyStringSchema,
        notFound: responseTemplateSchema,
        response: responseTemplateSchema,
      }),
      required: ['kind', 'target'],
    },
    {
      ...handler('list', {
        target: nonEmptyStringSchema,
        filter: { type: 'object', additionalProperties: jsonValueSchema },
        keyAs: nonEmptyStringSchema,
        response: responseTemplateSchema,
      }),
      required: ['kind', 'target'],
    },
    {
      ...handler('create', {
        collection: nonEmptyStringSchema,
        key: nonEmptyStringSchema,
        value: jsonValueSchema,
        conflict: responseTemplateSchema,
        preconditions: preconditionsSchema,
        effects: { type: 'array', items: effectSchema },
        response: responseTemplateSchema,
      }),
      required: ['kind', 'collection', 'value'],
    },
    {
      ...handler('mutate', {
        target: nonEmptyStringSchema,
        notFound: responseTemplateSchema,
        preconditions: preconditionsSchema,
        effects: { type: 'array', minItems: 1, items: effectSchema },
        response: responseTemplateSchema,
      }),
      required: ['kind', 'target', 'effects'],
    },
    {
      ...handler('delete', {
        target: nonEmptyStringSchema,
        notFound: responseTemplateSchema,
        preconditions: preconditionsSchema,
        response: responseTemplateSchema,
      }),
      required: ['kind', 'target'],
    },
    {
      ...handler('adapter', {
        adapter: { type: 'string', pattern: ADAPTER_NAME_PATTERN },
        options: jsonObjectSchema,
      }),
      required: ['kind', 'adapter'],
    },
  ],
} as const
