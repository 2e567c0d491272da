import { AgentTwinError } from '../core/errors.ts'

/** The judge configuration (config object or environment) cannot be used as given. */
export class JudgeConfigError extends AgentTwinError {
  constructor(message: string) {
    super('JUDGE_CONFIG', message)
  }
}

/** The verdict cache file exists but cannot be read or written. */
export class JudgeCacheError extends AgentTwinError {
  constructor(message: string, options?: ErrorOptions) {
    super('JUDGE_CACHE', message, options)
  }
}

/** An overrides, labels or calibration file cannot be read at all. */
export class JudgeFileError extends AgentTwinError {
  constructor(message: string, options?: ErrorOptions) {
    super('JUDGE_FILE_UNREADABLE', message, options)
  }
}

/** Two overrides claim the same result with the same specificity. */
export class OverrideConflictError extends AgentTwinError {
  constructor(message: string) {
    super('OVERRIDE_CONFLICT', message)
  }
}
