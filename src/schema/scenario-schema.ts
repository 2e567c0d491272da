import { MAX_LOOKS, MAX_TRIALS } from '../core/trial-plan.ts'
import { expectationSchema } from './expectation-schema.ts'
import { SCENARIO_API_VERSION } from './scenario-document.ts'
import {
  described,
  jsonObjectSchema,
  jsonValueSchema,
  nonEmptyStringSchema,
  slugSchema,
} from './schema-parts.ts'
import { simulatedUserSchema, userActionSchema } from './simulated-user-schema.ts'

const callNumberSchema = { type: 'integer', minimum: 1 } as const

/** The JSON Schema of a fault rule's condition (`when`). */
export const faultConditionSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    turn: described(
      'Fires only in this user turn of a conversation (1 = the first); call, calls, every and from then count within the turn.',
      callNumberSchema,
    ),
    call: described('Fires on this call of the tool only (1 = the first).', callNumberSchema),
    calls: described('Fires on these calls of the tool (1-based).', {
      type: 'array',
      minItems: 1,
      items: callNumberSchema,
    }),
    every: described('Fires on every n-th call of the tool.', callNumberSchema),
    from: described('Fires from this call of the tool on.', callNumberSchema),
    maxTimes: described('Fires at most this many times.', callNumberSchema),
    args: described('Fires only on calls whose arguments include these.', jsonObjectSchema),
    probability: described(
      'Chance (0-1) that a matching call fails, decided by the scenario seed, never at random.',
      { type: 'number', minimum: 0, maximum: 1 },
    ),
  },
} as const

/** The JSON Schema of one fault rule of a scenario. */
export const faultRuleSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'tool', 'fault'],
  properties: {
    id: described(
      'Id of the rule or scenario, unique in its file; reports and overrides name it.',
      slugSchema,
    ),
    tool: described('The tool whose calls the fault hits.', nonEmptyStringSchema),
    when: described('Which calls fail; without it, every call.', faultConditionSchema),
    fault: described(
      'The fault type from the catalog (npx agenttwin faults), e.g. timeout_after_commit.',
      nonEmptyStringSchema,
    ),
    params: described('Parameters of the fault type, overriding its defaults.', jsonObjectSchema),
  },
} as const

/** The JSON Schema of one user turn of a conversation scenario. */
export const conversationTurnSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    user: described(
      "The user's message of this turn (a scripted turn). Give user or simulated.",
      nonEmptyStringSchema,
    ),
    simulated: described(
      "true: the scenario's simulated user (the top-level user block) writes this turn. Give user or simulated.",
      { const: true },
    ),
    actions: described(
      'Actions the scripted user takes before its message, on tools the twin marks actor: user.',
      { type: 'array', minItems: 1, items: userActionSchema },
    ),
    input: described(
      "More fields of this turn's input, handed to the agent beside message (e.g. a customer id).",
      jsonObjectSchema,
    ),
    checkpoints: described(
      'Expectations evaluated on the state and records at the end of this turn; each becomes a test.',
      { type: 'array', minItems: 1, items: expectationSchema },
    ),
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
  required: ['apiVersion', 'id', 'version', 'title', 'twin', 'expectations'],
  properties: {
    apiVersion: described('Document kind and version: agenttwin/scenario.v1.', {
      const: SCENARIO_API_VERSION,
    }),
    id: described(
      'Id of the rule or scenario, unique in its file; reports and overrides name it.',
      slugSchema,
    ),
    version: described(
      "Version of the scenario; part of every case's pinned selection.",
      nonEmptyStringSchema,
    ),
    title: described('The test name Vitest shows.', nonEmptyStringSchema),
    description: described('Free text for people.', { type: 'string' }),
    tags: described('Labels to select scenarios by.', {
      type: 'array',
      items: nonEmptyStringSchema,
    }),
    twin: described('Path of the twin document, relative to this file.', nonEmptyStringSchema),
    input: described(
      "What the agent is given, e.g. the user's message (a one-turn case). A scenario gives input or conversation.",
      jsonValueSchema,
    ),
    conversation: described(
      'The user turns of a conversation, in order (instead of input): the twin keeps its state, records, clock and fault counters across them.',
      { type: 'array', minItems: 1, items: conversationTurnSchema },
    ),
    user: described(
      'A simulated user: persona, goal, the facts it knows, a turn limit, how it ends, and what plays it (replies or a model).',
      simulatedUserSchema,
    ),
    state: described(
      "Changes to the twin's initial state for this scenario, merged into it.",
      jsonObjectSchema,
    ),
    seed: described(
      "Seed of the scenario's seeded decisions (probabilistic faults, generated ids).",
      { type: 'integer', minimum: 0 },
    ),
    trials: described(
      `How many trials each agent version runs of this case (1-${MAX_TRIALS}), or { k, seeds, sequential }; each field given wins over the plugin's trials. Default: the plugin's, else 1.`,
      {
        type: ['integer', 'object'],
        minimum: 1,
        maximum: MAX_TRIALS,
        additionalProperties: false,
        required: ['k'],
        properties: {
          k: described(
            `Trials per side (1-${MAX_TRIALS}); with sequential, the most a case may use.`,
            { type: 'integer', minimum: 1, maximum: MAX_TRIALS },
          ),
          seeds: described(
            'independent (default): each side runs its own seeds, so a version paired with itself measures its noise; shared: both sides one seed per trial, for deterministic agents.',
            { enum: ['independent', 'shared'] },
          ),
          sequential: described(
            "Trials in rounds: the case stops at the first of its looks whose result is decisive (O'Brien-Fleming-type alpha spending).",
            {
              type: 'object',
              additionalProperties: false,
              required: ['looks'],
              properties: {
                looks: described(`How many looks (2-${MAX_LOOKS}), in rounds of equal size.`, {
                  type: 'integer',
                  minimum: 2,
                  maximum: MAX_LOOKS,
                }),
              },
            },
          ),
        },
      },
    ),
    transport: described('How the agent reaches the twin: http (default) or mcp.', {
      enum: ['http', 'mcp'],
    }),
    faults: described('Fault rules: which tool calls fail, and how.', {
      type: 'array',
      items: faultRuleSchema,
    }),
    attacks: described(
      'Attacks to run this scenario under: each adds a case with its injections and its security check.',
      {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['attack'],
          properties: {
            attack: described(
              "A library attack id (a file in the package's attacks/ folder, without .attack.yaml) or the path of an attack.v1 file, relative to this file.",
              nonEmptyStringSchema,
            ),
            with: described("Values for the attack's variables.", jsonObjectSchema),
          },
        },
      },
    ),
    expectations: described('What must have verifiably happened; each becomes a Vitest test.', {
      type: 'array',
      minItems: 1,
      items: expectationSchema,
    }),
  },
} as const
