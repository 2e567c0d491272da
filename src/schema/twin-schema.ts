import {
  HTTP_PATH_PATTERN,
  identifierSchema,
  jsonObjectSchema,
  nonEmptyStringSchema,
  slugSchema,
} from './schema-parts.ts'
import { TWIN_API_VERSION } from './twin-document.ts'
import { handlerSchema } from './twin-handler-schema.ts'

/**
 * The JSON Schema of a `twin.v1` tool.
 * @example
 * ajv.compile(toolSchema)({ name: 'lookup_order', ... })
 */
export const toolSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description', 'risk', 'input', 'handler'],
  properties: {
    name: identifierSchema,
    description: nonEmptyStringSchema,
    risk: { enum: ['READ', 'WRITE_REVERSIBLE', 'WRITE_IRREVERSIBLE', 'OUTBOUND_COMMUNICATION'] },
    http: {
      type: 'object',
      additionalProperties: false,
      required: ['method', 'path'],
      properties: {
        method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
        path: { type: 'string', pattern: HTTP_PATH_PATTERN },
      },
    },
    input: jsonObjectSchema,
    tenantPath: nonEmptyStringSchema,
    idempotency: {
      type: 'object',
      additionalProperties: false,
      required: ['argument'],
      properties: { argument: nonEmptyStringSchema },
    },
    effectKey: nonEmptyStringSchema,
    handoff: { type: 'boolean' },
    idPrefix: { type: 'string' },
    handler: handlerSchema,
  },
} as const

/**
 * The JSON Schema of a `twin.v1` document; `TwinDocument` mirrors it
 * (checked by `test/schema/types.test-d.ts`).
 * @example
 * import type { FromSchema } from 'json-schema-to-ts'
 * type Twin = FromSchema<typeof twinSchema, SchemaTypeOptions>
 */
export const twinSchema = {
  $id: 'https://agenttwin.dev/schemas/twin.v1.json',
  type: 'object',
  additionalProperties: false,
  required: ['apiVersion', 'metadata', 'http', 'state', 'tools'],
  properties: {
    apiVersion: { const: TWIN_API_VERSION },
    metadata: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'version'],
      properties: {
        name: slugSchema,
        version: nonEmptyStringSchema,
        description: { type: 'string' },
      },
    },
    http: {
      type: 'object',
      additionalProperties: false,
      required: ['baseUrl'],
      properties: { baseUrl: nonEmptyStringSchema },
    },
    clock: {
      type: 'object',
      additionalProperties: false,
      properties: {
        start: { type: 'string', format: 'date-time' },
        stepMs: { type: 'integer', minimum: 0 },
      },
    },
    state: jsonObjectSchema,
    volatile: { type: 'array', items: nonEmptyStringSchema },
    tools: { type: 'array', minItems: 1, items: toolSchema },
  },
} as const
