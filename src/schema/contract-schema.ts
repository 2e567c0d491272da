import { CONTRACT_API_VERSION } from './contract-document.ts'
import { valueCheckProperties } from './expectation-schema.ts'
import { described, identifierSchema, nonEmptyStringSchema, slugSchema } from './schema-parts.ts'

const pathListSchema = { type: 'array', items: nonEmptyStringSchema } as const

const relativeAmountSchema = { anyOf: [{ type: 'number' }, { type: 'string' }] } as const

/** The JSON Schema of one condition on the entity (`precondition`, `expected_postcondition`). */
export const contractConditionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: {
    path: described(
      'State path below the entity, e.g. status or refund.amount.',
      nonEmptyStringSchema,
    ),
    ...valueCheckProperties,
    increasedBy: described(
      'Holds when the value grew by this much since the case started (a number, or an argument reference).',
      relativeAmountSchema,
    ),
    decreasedBy: described(
      'Holds when the value shrank by this much since the case started (a number, or an argument reference).',
      relativeAmountSchema,
    ),
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
    apiVersion: described('Document kind and version: agenttwin/contract.v1.', {
      const: CONTRACT_API_VERSION,
    }),
    contract_id: described(
      'Id of the contract; scenarios name it in a contract expectation.',
      slugSchema,
    ),
    version: described(
      'Version of this contract; change it when its rules change.',
      nonEmptyStringSchema,
    ),
    owner: described('Team or person accountable for the business action.', nonEmptyStringSchema),
    description: described('Free text for people.', { type: 'string' }),
    workflow_version: described(
      'Version of the business workflow the contract describes.',
      nonEmptyStringSchema,
    ),
    intent_id: described(
      'The user intent this action serves, e.g. refund_order.',
      nonEmptyStringSchema,
    ),
    entity_ref: {
      description: "The business entity the action changes and where it lives in the twin's state.",
      type: 'object',
      additionalProperties: false,
      required: ['type', 'path'],
      properties: {
        type: described('Kind of entity, e.g. order.', identifierSchema),
        path: described(
          'State path below the entity, e.g. status or refund.amount.',
          nonEmptyStringSchema,
        ),
        argument: described(
          'Tool argument that names the entity, e.g. order_id.',
          identifierSchema,
        ),
      },
    },
    precondition: described('What must hold on the entity before the action.', conditionListSchema),
    allowed_action: {
      description: 'What the agent may do to reach the outcome.',
      type: 'object',
      additionalProperties: false,
      required: ['tools'],
      properties: {
        tools: described('Tools that perform the action.', {
          type: 'array',
          minItems: 1,
          items: identifierSchema,
        }),
        max_executions: described('How many executions of the action are allowed (default 1).', {
          type: 'integer',
          minimum: 1,
        }),
      },
    },
    expected_postcondition: described(
      'What must hold on the entity afterwards for the outcome to count as committed.',
      { type: 'array', minItems: 1, items: contractConditionSchema },
    ),
    authoritative_system: {
      description: 'The system whose records prove the outcome.',
      type: 'object',
      additionalProperties: false,
      required: ['name'],
      properties: {
        name: described('Name of the system of record, e.g. payments.', nonEmptyStringSchema),
        twin: described('The twin standing in for it.', nonEmptyStringSchema),
        read_tool: described(
          'Tool that reads the entity back, for the evidence.',
          identifierSchema,
        ),
      },
    },
    receipt_type: {
      description: 'The receipt that proves the action happened.',
      type: 'object',
      additionalProperties: false,
      required: ['name', 'field'],
      properties: {
        name: described('Name of the receipt, e.g. refund_id.', nonEmptyStringSchema),
        field: described(
          'Field of the tool answer that carries the receipt.',
          nonEmptyStringSchema,
        ),
      },
    },
    allowed_user_claims: {
      description: 'What the agent may tell the user for each verified outcome status.',
      type: 'object',
      additionalProperties: false,
      properties: {
        committed: described('Claims allowed when the outcome is committed.', claimListSchema),
        partial: described('Claims allowed when the outcome is partial.', claimListSchema),
        pending: described('Claims allowed when the outcome is pending.', claimListSchema),
        rejected: described('Claims allowed when the action was rejected.', claimListSchema),
        not_attempted: described(
          'Claims allowed when the action was not attempted.',
          claimListSchema,
        ),
        unknown: described('Claims allowed when the outcome cannot be verified.', claimListSchema),
      },
    },
    failure_route: {
      description: 'What the agent must do when the action fails.',
      type: 'object',
      additionalProperties: false,
      required: ['route'],
      properties: {
        route: described('handoff, tell_user or retry_later.', {
          enum: ['handoff', 'tell_user', 'retry_later'],
        }),
        tool: described('Tool that performs the route, e.g. a handoff tool.', identifierSchema),
        description: described('Free text for people.', { type: 'string' }),
      },
    },
    volatile: described(
      'State paths left out of the state comparison (timestamps, generated ids).',
      pathListSchema,
    ),
    sensitive: described('State paths masked in reports and evidence.', pathListSchema),
  },
} as const
