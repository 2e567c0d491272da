export { assembleCompared, comparePairTrials } from './compare-pair-trials.ts'
export { aggregateTrials, compareTrialCase, type TrialCaseComparison } from './compare-trials.ts'
export { expectationRates, noiseFloor, rateSummary, type TrialPair, trialLabels } from './rates.ts'
export {
  type FailureCount,
  fisherOneSided,
  isSignificant,
  MAX_TRIALS_SEARCHED,
  passAtK,
  passHatK,
  trialsNeeded,
  wilsonInterval,
} from './stats.ts'
export {
  type CaseTrials,
  DEFAULT_ALPHA,
  type ExpectationRates,
  type NoiseFloor,
  type RateSummary,
} from './types.ts'
export { formatP, notSignificantNote, passFraction, rateChange } from './words.ts'
