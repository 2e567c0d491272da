import { AgentTwinError } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'

/** A file is not an OTLP JSON trace. Code `AGENTTWIN_INVALID_TRACE`. */
export class InvalidTraceError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_TRACE'

  constructor(file: string, problem: string, fix: string) {
    super({ problem: `${file}: ${endSentence(problem)}`, fix: endSentence(fix) })
  }
}
