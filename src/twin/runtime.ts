import type { CallRecord } from '../core/call-record.ts'
import type { FaultPolicy } from '../core/fault-model.ts'
import type { ToolDefinition, TwinDocument } from '../schema/twin-document.ts'
import type { ResolvedEffect } from './effects.ts'
import type { IdempotencyStore } from './idempotency.ts'
import type { InputValidators } from './input-validation.ts'
import type { StateHistory } from './state-history.ts'
import type { TwinAdapter } from './types.ts'

/** Effects a deferred fault staged, waiting for their call. */
export interface PendingCommit {
  /** Index of the staging call's record. */
  record: number
  effects: ResolvedEffect[]
  commitsAtSeq?: number
}

/** Everything one live twin holds between calls. */
export interface TwinRuntime {
  definition: TwinDocument
  tools: ReadonlyMap<string, ToolDefinition>
  validators: InputValidators
  adapters: ReadonlyMap<string, TwinAdapter>
  clock: (seq: number) => string
  history: StateHistory
  store: IdempotencyStore
  records: CallRecord[]
  callCounts: Map<string, number>
  /** The user turn the calls now belong to, once a conversation began one; with its own call counts. */
  turn?: { number: number; callCounts: Map<string, number> }
  /** Ids issued per id prefix: `{$id}` counts within its prefix, so another tool's calls never shift it. */
  idCounts: Map<string, number>
  pending: PendingCommit[]
  faults: FaultPolicy | undefined
}
