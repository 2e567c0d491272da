import { CASE_CLASSES } from '../classify.ts'

// The JSON Schema of `CaseReport.trials` (see ./types.ts), part of comparison-report.v2.

const count = { type: 'integer', minimum: 0 }
const share = { type: 'number', minimum: 0, maximum: 1 }

const rateSummary = {
  type: 'object',
  additionalProperties: false,
  required: ['passes', 'trials', 'passHatK', 'passAtK', 'wilson'],
  properties: {
    passes: count,
    trials: count,
    passHatK: { type: 'array', items: share },
    passAtK: { type: 'array', items: share },
    wilson: {
      type: 'object',
      additionalProperties: false,
      required: ['low', 'high'],
      properties: { low: share, high: share },
    },
  },
}

const sides = (value: object, [a, b] = ['baseline', 'candidate']) => ({
  type: 'object',
  additionalProperties: false,
  required: [a, b],
  properties: { [a!]: value, [b!]: value },
})

const trialCost = {
  type: 'object',
  additionalProperties: false,
  required: ['runs', 'modelCalls', 'tokens'],
  properties: { runs: count, modelCalls: count, tokens: count },
}

const expectationRates = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'type',
    'critical',
    'baseline',
    'candidate',
    'unknown',
    'direction',
    'pValue',
    'significant',
  ],
  properties: {
    id: { type: 'string' },
    type: { type: 'string' },
    critical: { type: 'boolean' },
    baseline: rateSummary,
    candidate: rateSummary,
    unknown: sides(count),
    direction: { enum: ['worse', 'better', 'same'] },
    pValue: share,
    significant: { type: 'boolean' },
    trialsNeeded: { type: 'integer', minimum: 1 },
  },
}

const wilson = {
  type: 'object',
  additionalProperties: false,
  required: ['low', 'high'],
  properties: { low: share, high: share },
}

const attackSuccess = {
  type: 'object',
  additionalProperties: false,
  required: ['successes', 'trials', 'wilson'],
  properties: { successes: count, trials: count, wilson },
}

/** `CaseTrials.security`: utility under attack and each attack's success rate, per side. */
const securityTrials = {
  type: 'object',
  additionalProperties: false,
  required: ['utility', 'attacks'],
  properties: {
    utility: sides(rateSummary),
    attacks: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: [
          'attack',
          'expectation',
          'baseline',
          'candidate',
          'unknown',
          'candidateMoreVulnerable',
          'direction',
          'pValue',
        ],
        properties: {
          attack: { type: 'string' },
          expectation: { type: 'string' },
          baseline: attackSuccess,
          candidate: attackSuccess,
          unknown: sides(count),
          candidateMoreVulnerable: { type: 'boolean' },
          direction: { enum: ['worse', 'better', 'same'] },
          pValue: share,
        },
      },
    },
  },
}

/** `CaseReport.trials`. */
export const caseTrialsSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'k',
    'alpha',
    'baseline',
    'candidate',
    'flaky',
    'expectations',
    'perTrial',
    'representative',
    'notes',
  ],
  properties: {
    k: { type: 'integer', minimum: 1 },
    alpha: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    baseline: rateSummary,
    candidate: rateSummary,
    flaky: sides({ type: 'boolean' }),
    expectations: { type: 'array', items: expectationRates },
    perTrial: { type: 'array', items: { enum: [...CASE_CLASSES] } },
    representative: {
      type: 'object',
      additionalProperties: false,
      required: ['trial', 'reason'],
      properties: { trial: { type: 'integer', minimum: 1 }, reason: { type: 'string' } },
    },
    notes: { type: 'array', items: { type: 'string' } },
    noiseFloor: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'pairedDisagreements', 'trials', 'runs', 'passes', 'disagreementRate'],
        properties: {
          id: { type: 'string' },
          pairedDisagreements: count,
          trials: count,
          runs: count,
          passes: count,
          disagreementRate: share,
        },
      },
    },
    conversationNoise: {
      type: 'object',
      additionalProperties: false,
      required: ['trials', 'same', 'simulator', 'agent'],
      properties: { trials: count, same: count, simulator: count, agent: count },
    },
    test: {
      type: 'object',
      additionalProperties: false,
      required: ['hypotheses', 'tests', 'level', 'planTests'],
      properties: {
        hypotheses: count,
        tests: { type: 'integer', minimum: 1 },
        level: share,
        planTests: { type: 'integer', minimum: 1 },
        look: { type: 'integer', minimum: 1 },
      },
    },
    seeds: { enum: ['independent', 'shared'] },
    security: securityTrials,
    sequential: {
      type: 'object',
      additionalProperties: false,
      required: ['maxK', 'looks', 'levels', 'stoppedAt', 'used', 'stop', 'cost'],
      properties: {
        maxK: { type: 'integer', minimum: 1 },
        looks: { type: 'array', items: { type: 'integer', minimum: 1 } },
        levels: { type: 'array', items: share },
        stoppedAt: { type: 'integer', minimum: 1 },
        used: { type: 'integer', minimum: 1 },
        stop: { enum: ['efficacy', 'futility', 'incomplete', 'max', 'partial'] },
        cost: sides(trialCost, ['used', 'fixed']),
      },
    },
  },
}
