import { AgentTwinError } from '../core/errors.ts'

/** A record index outside the list handed to the retry definition. */
export class RecordIndexError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_RECORD_INDEX_OUT_OF_RANGE'

  constructor(index: number, length: number) {
    super({
      problem: `Record index ${index} is outside the ${length} records given.`,
      fix: `pass an index from 0 to ${length - 1}.`,
    })
  }
}
