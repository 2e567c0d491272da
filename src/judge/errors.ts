import { AgentTwinError, partsOf } from '../core/errors.ts'

/** The judge configuration (config object or environment) cannot be used as given. */
export class JudgeConfigError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_JUDGE_CONFIG'

  constructor(message: string) {
    super(partsOf(message, 'correct the judge options or the AGENTTWIN_JUDGE_* variables.'))
  }
}

/** The verdict cache file exists but cannot be read or written. */
export class JudgeCacheError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_JUDGE_CACHE'

  constructor(message: string, options?: ErrorOptions) {
    super(
      partsOf(message, 'delete the cache file (it is rebuilt) or set another one with cacheFile.'),
      options,
    )
  }
}

/** An overrides, labels or calibration file cannot be read at all. */
export class JudgeFileError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_JUDGE_FILE_UNREADABLE'

  constructor(message: string, options?: ErrorOptions) {
    super(
      partsOf(message, 'check that the file exists and this process may read and write it.'),
      options,
    )
  }
}

/** Two overrides claim the same result with the same specificity. */
export class OverrideConflictError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_OVERRIDE_CONFLICT'

  constructor(message: string) {
    super(partsOf(message, 'keep one of the conflicting overrides.'))
  }
}
