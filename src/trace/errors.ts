import { AgentTwinError } from '../core/errors.ts'

/** A file is not an OTLP JSON trace. Code `INVALID_TRACE`. */
export class InvalidTraceError extends AgentTwinError {
  constructor(file: string, problem: string, fix: string) {
    super('INVALID_TRACE', `${file}: ${problem}. Fix: ${fix}.`)
  }
}
