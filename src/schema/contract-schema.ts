import { CONTRACT_API_VERSION } from './contract-document.ts'
import {
  identifierSchema,
  jsonValueSchema,
  nonEmptyStringSchema,
  slugSchema,
} from './schema-parts.ts'

const pathListSchema = { type: 'array', items: nonEmptyStringSchema } as const

const relativeAmountSchema = { anyOf: [{ type: 'number' }, { type: 'string' }] } as const

/** The JSON Schema of one condition on the entity (`precondition`, `expected_postcondition`). */
export const contractConditionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: {
    path: nonEmptyStringSchema,
    equals: jsonValueSchema,
    matches: jsonValueSchema,
    exists: { type: 'boolean' },
    gt: { type: 'number' },
    gte: { type: 'number' },
    lt: { type: 'number' },
    lte: { type: 'number' },
    increasedBy: relativeAmountSchema,
    decreasedBy: relativeAmountSchema,
  },
} as const

const conditionListSchema = { type: 'array', items: contractConditionSchema } as const

const claimListSchema = { type: 'array', items: nonEmptyStringSchema } as const

/**
 * The JSON Schema of a `contract.v1` document; `ContractDocument` mirrors it
 * (checked by `test/schema/contract-types.test-d.ts`).
 * @example
 * import type { FromSchema } from 'json-schema-to-ts'
 * type Contract = FromSchema<typeof contractSchema, SchemaTypeOptions>
 */
export const contractSchema = {
  $id: 'https://agenttwin.dev/schemas/contract.v1.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'apiVersion',
    'contract_id',
    'version',
    'owner',
    'workflow_version',
    'intent_id',
    'entity_ref',
    'allowed_action',
    'expected_postcondition',
    'authoritative_system',
    'receipt_type',
    'allowed_user_claims',
    'failure_route',
  ],
  properties: {
    apiVersion: { const: CONTRACT_API_VERSION },
    contract_id: slugSchema,
    version: nonEmptyStringSchema,
    owner: nonEmptyStringSchema,
    description: { type: 'string' },
    workflow_version: nonEmptyStringSchema,
    intent_id: nonEmptyStringSchema,
    entity_ref: {
      type: 'object',
      additionalProperties: false,
      required: ['type', 'path'],
      properties: {
        type: identifierSchema,
        path: nonEmptyStringSchema,
        argument: identifierSchema,
      },
    },
    precondition: conditionListSchema,
    allowed_action: {
      type: 'object',
      additionalProperties: false,
      required: ['tools'],
      properties: {
        tools: { type: 'array', minItems: 1, items: identifierSchema },
        max_executions: { type: 'integer', minimum: 1 },
      },
    },
    expected_postcondition: { type: 'array', minItems: 1, items: contractConditionSchema },
    authoritative_system: {
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: nonEmptyStringSchema,
        twin: nonEmptyStringSchema,
        read_tool: identifierSchema,
      },
    },
    receipt_type: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'field'],
      properties: { name: nonEmptyStringSchema, field: nonEmptyStringSchema },
    },
    allowed_user_claims: {
      type: 'object',
      additionalProperties: false,
      properties: {
        committed: claimListSchema,
        partial: claimListSchema,
        pending: claimListSchema,
        rejected: claimListSchema,
        not_attempted: claimListSchema,
        unknown: claimListSchema,
      },
    },
    failure_route: {
      type: 'object',
      additionalProperties: false,
      required: ['route'],
      properties: {
        route: { enum: ['handoff', 'tell_user', 'retry_later'] },
        tool: identifierSchema,
        description: { type: 'string' },
      },
    },
    volatile: pathListSchema,
    sensitive: pathListSchema,
  },
} as const
