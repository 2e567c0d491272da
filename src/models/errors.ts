import { AgentTwinError, partsOf } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'

/** A model mode that is not one, or a live mode asked for implicitly under CI. Code `AGENTTWIN_MODEL_MODE`. */
export class ModelModeError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MODEL_MODE'

  constructor(message: string) {
    super(partsOf(message, 'use one of live, record, replay, auto, off.'))
  }
}

/** A cassette file that cannot be read. Code `AGENTTWIN_INVALID_CASSETTE`. */
export class InvalidCassetteError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_CASSETTE'

  constructor(file: string, reason: string) {
    super({
      problem: `${file}: ${endSentence(reason)}`,
      fix: 're-record it with AGENTTWIN_MODELS=record, or restore it from version control.',
    })
  }
}

/** A model request that the cassette does not hold (replay) or that may not be sent (off). Code `AGENTTWIN_MODEL_CASSETTE_MISS`. */
export class ModelCassetteMissError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MODEL_CASSETTE_MISS'

  constructor(message: string) {
    super(partsOf(message, 'record the cassette with AGENTTWIN_MODELS=record.'))
  }
}

/** A `models` option that cannot be used (`redact`, `keep`, `volatile`). Code `AGENTTWIN_INVALID_MODELS_OPTION`. */
export class InvalidModelsOptionError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_MODELS_OPTION'

  constructor(problem: string, fix: string) {
    super({ problem, fix })
  }
}
