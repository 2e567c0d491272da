import { AgentTwinError } from '../../core/errors.ts'

/** A file a command was pointed at cannot be read. Code `AGENTTWIN_UNREADABLE_FILE`. */
export class UnreadableFileError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNREADABLE_FILE'

  /** `what` names the file for the reader, e.g. `the trace tmp/trace.json`. */
  constructor(what: string, error: unknown) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error)
    super(
      {
        problem: `cannot read ${what} (${reason}).`,
        fix: 'check the path (relative to the current directory) and that the file may be read.',
        message: `cannot read ${what} (${reason}).`,
      },
      { cause: error },
    )
  }
}
