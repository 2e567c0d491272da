export { securityTrials } from './attack-rates.ts'
export { assembleCompared, comparePairTrials } from './compare-pair-trials.ts'
export {
  aggregateTrials,
  compareTrialCase,
  type TrialCaseComparison,
  type TrialOptions,
} from './compare-trials.ts'
export {
  type FamilyDecision,
  type FamilyMember,
  type Hypothesis,
  holmTarone,
  holmTaroneBy,
  hypothesesOf,
} from './family.ts'
export {
  firstCrossing,
  type LookCounts,
  mostExtreme,
  obrienFlemingSpent,
} from './group-sequential.ts'
export {
  DEFAULT_POWER,
  fisherPower,
  MAX_TRIALS_SEARCHED,
  type PlanOptions,
  trialsNeeded,
} from './power.ts'
export {
  type ExpectationTests,
  type LooksSoFar,
  lookCounts,
  noiseFloor,
  rateSummary,
  type TrialPair,
  testExpectations,
  trialLabels,
} from './rates.ts'
export {
  canStillReject,
  lookLevels,
  lookSizes,
  type SequentialPlan,
} from './sequential.ts'
export { type SequentialStop, sequentialStop } from './sequential-stop.ts'
export {
  type FailureCount,
  fisherOneSided,
  isSignificant,
  passAtK,
  passHatK,
  wilsonInterval,
} from './stats.ts'
export {
  type AttackRates,
  type AttackSuccess,
  type CaseTrials,
  type ConversationNoise,
  DEFAULT_ALPHA,
  type ExpectationRates,
  type FamilyTest,
  type NoiseFloor,
  type RateSummary,
  type SecurityTrials,
  type SequentialTrials,
  type TrialCost,
} from './types.ts'
export { formatP, notSignificantNote, passFraction, rateChange } from './words.ts'
