import { AgentTwinError } from '../core/errors.ts'

/** A model mode that is not one, or a live mode asked for implicitly under CI. Code `MODEL_MODE`. */
export class ModelModeError extends AgentTwinError {
  constructor(message: string) {
    super('MODEL_MODE', message)
  }
}

/** A cassette file that cannot be read. Code `INVALID_CASSETTE`. */
export class InvalidCassetteError extends AgentTwinError {
  constructor(file: string, reason: string) {
    super(
      'INVALID_CASSETTE',
      `${file}: ${reason}. Fix: re-record it with AGENTTWIN_MODELS=record, or restore it from version control.`,
    )
  }
}

/** A model request that the cassette does not hold (replay) or that may not be sent (off). Code `MODEL_CASSETTE_MISS`. */
export class ModelCassetteMissError extends AgentTwinError {
  constructor(message: string) {
    super('MODEL_CASSETTE_MISS', message)
  }
}
