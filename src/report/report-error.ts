import { AgentTwinError, partsOf } from '../core/errors.ts'

/** A file that is not a comparison report AgentTwin can render. */
export class InvalidReportError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_REPORT'

  constructor(message: string) {
    super(partsOf(message, 'pass the JSON report the AgentTwin reporter wrote.'))
  }
}
