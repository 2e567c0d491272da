import { described, jsonObjectSchema, nonEmptyStringSchema } from './schema-parts.ts'

/** Most turns a simulated conversation may have. */
export const MAX_USER_TURNS = 50

/** The JSON Schema of a user's action on a tool the twin marks `actor: user`. */
export const userActionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['tool'],
  properties: {
    tool: described(
      "A tool of the twin marked actor: user (the user's own app).",
      nonEmptyStringSchema,
    ),
    args: described(
      "The tool's arguments; {fact} in a string is replaced by the user's fact of that name.",
      jsonObjectSchema,
    ),
  },
} as const

const patternSchema = described(
  "A case-insensitive regular expression read against the agent's last reply.",
  nonEmptyStringSchema,
)

/** The JSON Schema of the deterministic simulator (replies as data). */
export const userRepliesSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fallback', 'done'],
  properties: {
    opening: described(
      "The user's first message when the conversation opens with a simulated turn.",
      nonEmptyStringSchema,
    ),
    rules: described("Tried in order: the first whose when matches the agent's reply answers.", {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['when', 'say'],
        properties: {
          when: patternSchema,
          say: described(
            'What the user says; {fact} is replaced by the fact of that name.',
            nonEmptyStringSchema,
          ),
          actions: described('Actions the user takes before saying it.', {
            type: 'array',
            minItems: 1,
            items: userActionSchema,
          }),
        },
      },
    }),
    fallback: described(
      'Said when no rule matches; it may not name a private fact.',
      nonEmptyStringSchema,
    ),
    done: described("The goal is reached when the agent's reply matches when.", {
      type: 'object',
      additionalProperties: false,
      required: ['when'],
      properties: { when: patternSchema },
    }),
  },
} as const

/** The JSON Schema of a language-model simulated user. */
export const userModelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['model'],
  properties: {
    model: described('The model name sent to the API, e.g. gpt-4.1-mini.', nonEmptyStringSchema),
    baseUrl: described(
      'Base URL of an OpenAI-compatible Chat Completions API. Default: AGENTTWIN_USER_MODEL_URL, else https://api.openai.com/v1.',
      nonEmptyStringSchema,
    ),
    temperature: described('Sampling temperature; default 0.', {
      type: 'number',
      minimum: 0,
      maximum: 2,
    }),
  },
} as const

/** The JSON Schema of a conversation's simulated user. */
export const simulatedUserSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['persona', 'goal', 'maxTurns'],
  properties: {
    persona: described('Who the user is, in a sentence.', nonEmptyStringSchema),
    goal: described('What the user wants from the agent.', nonEmptyStringSchema),
    knows: described('Facts the user knows and shares (an order id, an amount).', jsonObjectSchema),
    private: described(
      'Facts the user knows but gives only when the agent asks for them.',
      jsonObjectSchema,
    ),
    maxTurns: described(
      `The most user turns of the conversation, scripted ones included (1-${MAX_USER_TURNS}).`,
      { type: 'integer', minimum: 1, maximum: MAX_USER_TURNS },
    ),
    endWhen: described(
      'What ends the conversation before maxTurns: goal (the user says its goal is reached; asked before every turn after the first, scripted ones too), handoff (the agent handed the case to a person). Default: both.',
      { type: 'array', items: { enum: ['goal', 'handoff'] }, uniqueItems: true },
    ),
    replies: described(
      'The deterministic simulator (not a language model): replies keyed by what the agent asked. Give replies or model.',
      userRepliesSchema,
    ),
    model: described(
      'A language model plays the user, through the model-traffic machinery (its own cassettes). Give replies or model.',
      userModelSchema,
    ),
  },
} as const
