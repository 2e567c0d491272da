import { CASE_CLASSES } from './classify.ts'
import { COMPARISON_REPORT_SCHEMA } from './report.ts'
import { caseErrorSchema, stepSchema } from './steps-schema.ts'
import { caseTrialsSchema } from './trials/report-schema.ts'

const LABELS = [
  'PASS',
  'FAIL',
  'STATE_MISMATCH',
  'HALLUCINATED_SUCCESS',
  'UNREPORTED_EFFECT',
  'ERROR',
]
const nonNegative = { type: 'integer', minimum: 0 }
const stringMap = (value: object) => ({ type: 'object', additionalProperties: value })

const agentRef = {
  type: 'object',
  additionalProperties: false,
  required: ['agent', 'version'],
  properties: { agent: { type: 'string' }, version: { type: 'string' } },
}

const scenarioRef = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'version', 'title', 'digest'],
  properties: {
    id: { type: 'string' },
    version: { type: 'string' },
    title: { type: 'string' },
    digest: { type: 'string' },
  },
}

const gate = {
  type: 'object',
  additionalProperties: false,
  required: ['verdict', 'reasons'],
  properties: {
    verdict: { enum: ['PASS', 'WARN', 'BLOCK'] },
    reasons: { type: 'array', items: { type: 'string' } },
  },
}

const tokens = {
  type: 'object',
  additionalProperties: false,
  required: ['input', 'output'],
  properties: { input: nonNegative, output: nonNegative },
}

const reportedExpectation = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'critical', 'label', 'message', 'evidence'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    critical: { type: 'boolean' },
    label: { enum: LABELS },
    message: { type: 'string' },
    evidence: {},
    turn: { type: 'integer', minimum: 1 },
    override: {
      type: 'object',
      additionalProperties: false,
      required: ['label', 'originalLabel', 'reviewer', 'note', 'applied'],
      properties: {
        label: { enum: LABELS },
        originalLabel: { enum: LABELS },
        reviewer: { type: 'string' },
        note: { type: 'string', minLength: 1 },
        applied: { type: 'boolean' },
      },
    },
  },
}

/** Utility or security of one side: passed out of total, and what did not pass. */
const tally = {
  type: 'object',
  additionalProperties: false,
  required: ['passed', 'total', 'notPassed'],
  properties: {
    passed: nonNegative,
    total: nonNegative,
    notPassed: { type: 'array', items: { type: 'string' } },
  },
}

const side = {
  type: 'object',
  additionalProperties: false,
  required: ['finished', 'failed', 'metrics', 'retries'],
  properties: {
    finished: { type: 'boolean' },
    outcome: { enum: ['SUCCESS', 'PARTIAL', 'FAILURE'] },
    error: caseErrorSchema,
    failed: { type: 'array', items: reportedExpectation },
    llm: { enum: ['live', 'replayed', 'refused', 'missing', 'scripted'] },
    models: {
      type: 'object',
      additionalProperties: false,
      required: ['names', 'cachedTokens'],
      properties: {
        names: { type: 'array', items: { type: 'string' } },
        cachedTokens: nonNegative,
        costUsd: { type: 'number', minimum: 0 },
      },
    },
    metrics: {
      type: 'object',
      additionalProperties: false,
      required: ['latencyMs', 'toolCalls'],
      properties: { latencyMs: { type: 'number', minimum: 0 }, toolCalls: nonNegative, tokens },
    },
    retries: {
      type: 'object',
      additionalProperties: false,
      required: ['total', 'byTool'],
      properties: { total: nonNegative, byTool: stringMap(nonNegative) },
    },
    verified: {
      type: 'object',
      additionalProperties: false,
      required: ['status', 'verified', 'reason'],
      properties: {
        status: { enum: ['SUCCESS', 'PARTIAL', 'FAILURE', 'UNKNOWN'] },
        verified: { type: 'boolean' },
        reason: { type: 'string' },
      },
    },
    runId: { type: 'string', minLength: 1 },
    refused: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['url', 'message'],
        properties: {
          method: { type: 'string' },
          url: { type: 'string' },
          client: { type: 'string' },
          message: { type: 'string' },
        },
      },
    },
    apart: {
      type: 'object',
      additionalProperties: false,
      required: ['utility'],
      properties: { utility: tally, security: tally },
    },
  },
}

// The whole CaseRun (agenttwin/case-run.v1), kept for mining; its own shape is not restated here.
const caseRun = {
  type: 'object',
  required: ['schema', 'scenario', 'input', 'initialState', 'records'],
  properties: {
    schema: { const: 'agenttwin/case-run.v1' },
    scenario: { type: 'object' },
    input: {},
    initialState: { type: 'object' },
    records: { type: 'array' },
  },
}

const change = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'critical', 'change'],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    critical: { type: 'boolean' },
    baseline: { enum: LABELS },
    candidate: { enum: LABELS },
    change: {
      enum: [
        'regressed',
        'improved',
        'unknown',
        'still-failing',
        'still-passing',
        'not-significant',
      ],
    },
  },
}

const caseReport = {
  type: 'object',
  additionalProperties: false,
  required: ['scenario', 'classification', 'reason', 'changes', 'baseline', 'candidate'],
  properties: {
    scenario: scenarioRef,
    classification: { enum: [...CASE_CLASSES] },
    reason: { type: 'string' },
    divergence: {
      type: 'object',
      additionalProperties: false,
      required: ['step', 'kind', 'sentence', 'detail'],
      properties: {
        step: { type: 'integer', minimum: 1 },
        kind: {
          enum: [
            'stopped-earlier',
            'turn-ended',
            'user',
            'outcome',
            'policy',
            'tool',
            'arguments',
            'result',
          ],
        },
        sentence: { type: 'string', pattern: '^(At step|In turn) [1-9][0-9]*[ ,]' },
        detail: { type: 'string' },
      },
    },
    changes: { type: 'array', items: change },
    baseline: side,
    candidate: side,
    state: {
      type: 'object',
      additionalProperties: false,
      required: ['changedPaths', 'baseline', 'candidate'],
      properties: {
        changedPaths: { type: 'array', items: { type: 'string' }, minItems: 1 },
        baseline: { type: 'object' },
        candidate: { type: 'object' },
      },
    },
    trajectories: {
      type: 'object',
      additionalProperties: false,
      required: ['baseline', 'candidate'],
      properties: {
        baseline: { type: 'array', items: stepSchema },
        candidate: { type: 'array', items: stepSchema },
      },
    },
    trials: caseTrialsSchema,
    flaky: { type: 'boolean' },
    userTurns: {
      type: 'object',
      additionalProperties: false,
      required: ['turn', 'cause', 'sentence'],
      properties: {
        turn: { type: 'integer', minimum: 1 },
        baseline: { type: 'string' },
        candidate: { type: 'string' },
        cause: { enum: ['simulator', 'agent'] },
        agentTurn: { type: 'integer', minimum: 1 },
        sentence: { type: 'string', pattern: "^The simulated user's turn [1-9][0-9]* differs: " },
      },
    },
  },
}

const singleCase = {
  type: 'object',
  additionalProperties: false,
  required: ['scenario', 'agent', 'verdict', 'reason', 'side'],
  properties: {
    project: { type: 'string' },
    scenario: scenarioRef,
    agent: agentRef,
    trial: { type: 'integer', minimum: 1 },
    verdict: { enum: ['PASS', 'FAIL', 'INCOMPLETE'] },
    reason: { type: 'string' },
    side,
  },
}

const runError = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'message'],
  properties: {
    kind: { enum: ['load-failure', 'unhandled-error', 'failed-test'] },
    file: { type: 'string' },
    project: { type: 'string' },
    test: { type: 'string' },
    message: { type: 'string' },
  },
}

const counts = {
  type: 'object',
  additionalProperties: false,
  required: [...CASE_CLASSES],
  properties: Object.fromEntries(CASE_CLASSES.map((name) => [name, nonNegative])),
}

const pairReport = {
  type: 'object',
  additionalProperties: false,
  required: ['baseline', 'candidate', 'counts', 'toolCalls', 'gate', 'cases'],
  properties: {
    project: { type: 'string' },
    baseline: agentRef,
    candidate: agentRef,
    counts,
    toolCalls: {
      type: 'object',
      additionalProperties: false,
      required: ['baseline', 'candidate'],
      properties: { baseline: nonNegative, candidate: nonNegative },
    },
    gate,
    cases: { type: 'array', items: caseReport },
  },
}

/**
 * JSON Schema (draft-07) of `agenttwin/comparison-report.v2`, for consumers
 * that read a saved report (CI, dashboards) and for our own tests. v2 keeps
 * each CaseRun once in `runs`, named by the sides' `runId`; v1 kept one
 * inline on every side (`side.run`). `singleCases` (cases run on one version
 * without a pair) and `runErrors` (files that did not load, errors outside
 * any test, failed tests written by hand) are optional, so a pairs-only
 * report reads as before; so is a pair's or a case's `project`, present when
 * the report holds more than one Vitest project.
 * @example
 * new Ajv().compile(comparisonReportSchema)(JSON.parse(text)) // true for a valid report
 */
export const comparisonReportSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://agenttwin.dev/schemas/comparison-report.v2.json',
  title: 'AgentTwin comparison report v2',
  type: 'object',
  additionalProperties: false,
  required: ['schema', 'pairs', 'gate', 'runs'],
  properties: {
    schema: { const: COMPARISON_REPORT_SCHEMA },
    pairs: { type: 'array', items: pairReport },
    gate,
    runs: stringMap(caseRun),
    singleCases: { type: 'array', items: singleCase },
    runErrors: { type: 'array', minItems: 1, items: runError },
    partial: {
      type: 'object',
      additionalProperties: false,
      required: ['ran', 'notRun'],
      properties: {
        ran: { type: 'array', items: { type: 'string' } },
        notRun: { type: 'array', items: { type: 'string' } },
      },
    },
  },
}
