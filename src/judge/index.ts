export {
  ANTHROPIC_BASE_URL,
  ANTHROPIC_VERSION,
  type AnthropicJudgeOptions,
  createAnthropicJudge,
  DEFAULT_ANTHROPIC_MODEL,
} from './anthropic.ts'
export { cacheKey, DEFAULT_CACHE_FILE, JudgeCache, withCache } from './cache.ts'
export {
  CALIBRATION_SCHEMA,
  type CalibrateOptions,
  type CalibrationReport,
  type CriterionCalibration,
  calibrateJudge,
} from './calibrate-judge.ts'
export {
  CALIBRATION_RULES,
  type CalibrationFigures,
  type CalibrationStatus,
  type CalibrationStore,
  calibrationStatus,
  describeCalibration,
  NO_CALIBRATION,
  UNCALIBRATED,
} from './calibration.ts'
export {
  createCalibrationStore,
  DEFAULT_CALIBRATION_FILE,
  loadCalibration,
  saveCalibration,
} from './calibration-file.ts'
export { type LabelledCriterion, loadLabels } from './calibration-labels.ts'
export {
  JudgeCacheError,
  JudgeConfigError,
  JudgeFileError,
  OverrideConflictError,
} from './errors.ts'
export { type EvaluateJudgeOptions, evaluateJudge } from './evaluate-judge.ts'
export { createFakeJudge, FAKE_JUDGE_NOTE, judgeByKeywords } from './fake.ts'
export { DEFAULT_TIMEOUT_MS, type HttpJudgeTransport } from './http.ts'
export { agreement, cohensKappa, type LabelPair } from './kappa.ts'
export { contentKeywords, stem } from './keywords.ts'
export {
  createOpenAIJudge,
  DEFAULT_OPENAI_MODEL,
  OPENAI_BASE_URL,
  type OpenAIJudgeOptions,
} from './openai.ts'
export { type HumanOverride, loadOverrides, RESULT_LABELS } from './override-file.ts'
export { buildJudgePrompt, type JudgePrompt, PROMPT_VERSION } from './prompt.ts'
export {
  cacheFileFromEnv,
  JUDGE_PROVIDERS,
  type JudgeConfig,
  type JudgeProviderName,
  resolveJudge,
} from './resolve.ts'
export {
  applyOverrides,
  effectiveLabel,
  isDeterministic,
  type OverrideTarget,
  originalLabel,
  overrideApplies,
} from './review.ts'
export { DEFAULT_THRESHOLD, verdictPasses } from './threshold.ts'
export type {
  Judge,
  JudgeEvidence,
  JudgeFailureKind,
  JudgeIdentity,
  JudgeOutcome,
  JudgeRequest,
  JudgeVerdict,
  VerdictLabel,
} from './types.ts'
export { type ParsedVerdict, parseVerdict } from './verdict.ts'
