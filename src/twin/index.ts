/**
 * The twin runtime: stateful, deterministic stand-ins for an agent's tools.
 * No HTTP and no Vitest here; `http/` and `vitest/` build on this.
 */

export type { CallRecord, RecordedFault, StateChange } from '../core/call-record.ts'
export { type CanonicalJsonOptions, canonicalJson, digest } from '../core/canonical-json.ts'
export { NotJsonError } from '../core/errors.ts'
export {
  CALL_FACTS,
  isCallFact,
  placeholderArgument,
  resolvePlaceholder,
  type TemplateValues,
  templatePlaceholders,
} from '../core/placeholders.ts'
export { registerAdapter, registeredAdapters } from './adapters.ts'
export { DEFAULT_CLOCK_START, DEFAULT_CLOCK_STEP_MS, fixedClock } from './clock.ts'
export { answerCall, createTwin } from './create-twin.ts'
export {
  AdapterFailedError,
  DuplicateAdapterError,
  EffectError,
  InvalidClockError,
  InvalidFaultParamError,
  InvalidInputSchemaError,
  InvalidTurnError,
  MissingPlaceholderError,
  PathConflictError,
  TwinDisposedError,
  UnknownAdapterError,
  UnknownToolError,
  UnsafePathError,
} from './errors.ts'
export { mergeState } from './merge-state.ts'
export { deletePath, writePath } from './state-writes.ts'
export { renderPathTemplate, renderTemplate, renderValue } from './templates.ts'
export type {
  AdapterContext,
  CallOutcome,
  ToolCall,
  Twin,
  TwinAdapter,
  TwinOptions,
} from './types.ts'
