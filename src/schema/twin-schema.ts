import {
  described,
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
    name: described('The tool name the agent calls (letters, digits and _).', identifierSchema),
    description: described(
      "What the tool does, as the agent's tool list shows it.",
      nonEmptyStringSchema,
    ),
    risk: described(
      'What a call can do: READ, WRITE_REVERSIBLE, WRITE_IRREVERSIBLE or OUTBOUND_COMMUNICATION; drives duplicate and collateral checks.',
      { enum: ['READ', 'WRITE_REVERSIBLE', 'WRITE_IRREVERSIBLE', 'OUTBOUND_COMMUNICATION'] },
    ),
    http: {
      description: 'The HTTP route of the tool (default POST <baseUrl>/tools/<name>).',
      type: 'object',
      additionalProperties: false,
      required: ['method', 'path'],
      properties: {
        method: described("HTTP method of the tool's route.", {
          enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        }),
        path: described(
          "Path of the tool's route below the base URL; {name} takes an argument, e.g. /orders/{order_id}.",
          { type: 'string', pattern: HTTP_PATH_PATTERN },
        ),
      },
    },
    input: described(
      "JSON Schema of the tool's arguments (an object); calls that do not fit are answered 400.",
      jsonObjectSchema,
    ),
    tenantPath: described(
      'State path of the tenant an entity belongs to, for cross-tenant checks.',
      nonEmptyStringSchema,
    ),
    idempotency: {
      description:
        'Makes repeated calls with the same key answer the first result instead of acting again.',
      type: 'object',
      additionalProperties: false,
      required: ['argument'],
      properties: {
        argument: described('The argument that carries the idempotency key.', nonEmptyStringSchema),
      },
    },
    effectKey: described(
      'Template of the business effect a write has (e.g. refund:{order_id}); two calls with one key are a duplicate side effect.',
      nonEmptyStringSchema,
    ),
    handoff: described('true: calling this tool hands the case to a person.', { type: 'boolean' }),
    actor: described(
      "user: the tool is the user's (dual control, e.g. confirming a payment in the customer's app); only the conversation's user may call it, an agent's call is refused with 403.",
      { const: 'user' },
    ),
    idPrefix: described('Prefix of the ids the twin generates for this tool, e.g. re_.', {
      type: 'string',
    }),
    handler: described('What a call does: one of the handler kinds.', handlerSchema),
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
    apiVersion: described('Document kind and version: agenttwin/twin.v1.', {
      const: TWIN_API_VERSION,
    }),
    metadata: {
      description: 'Name and version of the twin.',
      type: 'object',
      additionalProperties: false,
      required: ['name', 'version'],
      properties: {
        name: described('Name of the twin; scenarios refer to it.', slugSchema),
        version: described(
          "Version of the twin; part of every case's pinned selection.",
          nonEmptyStringSchema,
        ),
        description: described('Free text for people.', { type: 'string' }),
      },
    },
    http: {
      description: 'How the twin is reached over HTTP.',
      type: 'object',
      additionalProperties: false,
      required: ['baseUrl'],
      properties: {
        baseUrl: described(
          'Where the twin answers, e.g. https://shop.test; the agent calls it.',
          nonEmptyStringSchema,
        ),
      },
    },
    clock: {
      description: "The twin's fixed clock: the time it starts at and how far each call moves it.",
      type: 'object',
      additionalProperties: false,
      properties: {
        start: described('ISO 8601 start time, e.g. 2026-01-01T00:00:00.000Z.', {
          type: 'string',
          format: 'date-time',
        }),
        stepMs: described('Milliseconds the clock moves per call.', {
          type: 'integer',
          minimum: 0,
        }),
      },
    },
    state: described('The initial state every case starts from (plain JSON).', jsonObjectSchema),
    volatile: described('State paths left out of state comparisons (timestamps, generated ids).', {
      type: 'array',
      items: nonEmptyStringSchema,
    }),
    tools: described('The tools the twin offers.', {
      type: 'array',
      minItems: 1,
      items: toolSchema,
    }),
  },
} as const
