import { RISK_LEVELS } from '../core/risk.ts'

// The JSON Schema of a normalized trajectory step (see ./steps.ts), part of comparison-report.v2.
// Every field the HTML page shows is typed here: a report is rendered only after it validates.

const position = { type: 'integer', minimum: 1 }
const status = { type: 'integer', minimum: 100, maximum: 599 }

const stateChange = {
  type: 'object',
  additionalProperties: false,
  required: ['path'],
  properties: {
    path: { type: 'array', items: { type: 'string' } },
    before: {},
    after: {},
  },
}

const changes = { type: 'array', items: stateChange }

const caseError = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'message'],
  properties: {
    kind: {
      enum: [
        'threw',
        'timeout',
        'malformed-result',
        'unhandled-request',
        'model-cassette',
        'simulated-user',
      ],
    },
    message: { type: 'string' },
  },
}

const fault = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'dependency', 'caller'],
  properties: {
    type: { type: 'string' },
    dependency: { enum: ['none', 'applied', 'partial', 'twice', 'deferred', 'stale'] },
    caller: {
      type: 'object',
      additionalProperties: false,
      required: ['kind'],
      properties: {
        kind: { enum: ['response', 'connection-error', 'no-response'] },
        status,
        code: { type: 'string' },
        body: { enum: ['truncated', 'unparseable'] },
        mcp: {
          enum: [
            'tool-result',
            'jsonrpc-error',
            'no-answer',
            'stream-cut',
            'connection-lost',
            'invalid-jsonrpc',
          ],
        },
      },
    },
  },
}

const callStep = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'step', 'seq', 'tool', 'risk', 'args', 'result', 'status', 'effect'],
  properties: {
    kind: { const: 'call' },
    step: position,
    seq: position,
    turn: position,
    tool: { type: 'string' },
    risk: { enum: [...RISK_LEVELS] },
    args: { type: 'object' },
    idempotencyArgument: { type: 'string' },
    result: { enum: ['success', 'client-error', 'server-error', 'no-response'] },
    status: { anyOf: [status, { type: 'null' }] },
    fault,
    effect: {
      type: 'object',
      additionalProperties: false,
      required: ['changes', 'replay'],
      properties: {
        changes,
        replay: { type: 'boolean' },
        deferred: {
          type: 'object',
          additionalProperties: false,
          required: ['changes', 'committed'],
          properties: { changes, committed: { type: 'boolean' } },
        },
      },
    },
    policy: {
      type: 'object',
      additionalProperties: false,
      required: ['kind'],
      properties: { kind: { enum: ['rejected', 'handoff'] }, status },
    },
  },
}

const outcomeStep = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'step', 'finished'],
  properties: {
    kind: { const: 'outcome' },
    step: position,
    finished: { type: 'boolean' },
    outcome: { enum: ['SUCCESS', 'PARTIAL', 'FAILURE'] },
    error: caseError,
  },
}

const turnStep = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'step', 'turn', 'user'],
  properties: {
    kind: { const: 'turn' },
    step: position,
    turn: position,
    user: { type: 'string' },
    reply: { type: 'string' },
  },
}

const isKind = (kind: string) => ({
  type: 'object',
  required: ['kind'],
  properties: { kind: { const: kind } },
})

/** One step of a trajectory: a tool call, a user turn, or the outcome that ends it (by `kind`). */
export const stepSchema = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { enum: ['call', 'turn', 'outcome'] } },
  if: isKind('call'),
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, one branch per step kind.
  then: callStep,
  else: {
    if: isKind('turn'),
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, one branch per step kind.
    then: turnStep,
    else: outcomeStep,
  },
}

/** Why a case did not finish (`CaseError`). */
export const caseErrorSchema = caseError
