import { AgentTwinError } from '../core/errors.ts'

/** A record index outside the list handed to the retry definition. */
export class RecordIndexError extends AgentTwinError {
  constructor(index: number, length: number) {
    super(
      'RECORD_INDEX_OUT_OF_RANGE',
      `Record index ${index} is outside the ${length} records given. Pass an index from 0 to ${length - 1}.`,
    )
  }
}
