import { AgentTwinError } from '../core/errors.ts'

// Thrown by the one path module in core; re-exported here where the twin's errors live.
export { UnsafePathError } from '../core/errors.ts'

/** A write that needs a container where the state holds a scalar (e.g. `set a.b` when `a` is a number). */
export class PathConflictError extends AgentTwinError {
  readonly path: string

  constructor(path: string, reason: string) {
    super(
      'PATH_CONFLICT',
      `Cannot write state path "${path}": ${reason}. Fix: point the effect at an object or array, or set the parent first.`,
    )
    this.path = path
  }
}

/** A path template whose placeholder has no value for this call (e.g. a missing argument). */
export class MissingPlaceholderError extends AgentTwinError {
  readonly placeholder: string
  readonly template: string

  constructor(placeholder: string, template: string) {
    super(
      'MISSING_PLACEHOLDER',
      `Template "${template}" needs "{${placeholder}}" but the call has no value for it. Fix: pass the argument "${placeholder}" or mark it required in the tool's input schema.`,
    )
    this.placeholder = placeholder
    this.template = template
  }
}

/** A call to a tool the twin does not define. */
export class UnknownToolError extends AgentTwinError {
  readonly tool: string
  readonly knownTools: string[]

  constructor(tool: string, twin: string, knownTools: string[]) {
    super(
      'UNKNOWN_TOOL',
      `Twin "${twin}" has no tool "${tool}". Known tools: ${knownTools.join(', ') || '(none)'}. Fix: call one of these, or add "${tool}" to the twin document.`,
    )
    this.tool = tool
    this.knownTools = knownTools
  }
}

/** A call on a twin after `dispose()`. */
export class TwinDisposedError extends AgentTwinError {
  constructor(twin: string) {
    super(
      'TWIN_DISPOSED',
      `Twin "${twin}" was disposed and takes no more calls. Fix: create a fresh twin per case with createTwin().`,
    )
  }
}

/** A `kind: adapter` handler names an adapter nobody registered. */
export class UnknownAdapterError extends AgentTwinError {
  readonly adapter: string

  constructor(adapter: string, tool: string, known: string[]) {
    super(
      'UNKNOWN_ADAPTER',
      `Tool "${tool}" uses adapter "${adapter}", which is not registered. Registered adapters: ${known.join(', ') || '(none)'}. Fix: call registerAdapter('${adapter}', adapter) before createTwin(), or pass it in options.adapters.`,
    )
    this.adapter = adapter
  }
}

/** An adapter name registered twice with different implementations. */
export class DuplicateAdapterError extends AgentTwinError {
  constructor(adapter: string) {
    super(
      'DUPLICATE_ADAPTER',
      `Adapter "${adapter}" is already registered with a different implementation. Fix: pick a unique name, or unregister the old one first.`,
    )
  }
}

/** The document's `clock.start` is not an ISO 8601 time or `clock.stepMs` is not a number. */
export class InvalidClockError extends AgentTwinError {
  constructor(twin: string, reason: string) {
    super(
      'INVALID_CLOCK',
      `Twin "${twin}" has an invalid clock: ${reason}. Fix: use clock.start like "2026-01-01T00:00:00.000Z" and a non-negative clock.stepMs.`,
    )
  }
}

/** A tool's input JSON Schema does not compile. */
export class InvalidInputSchemaError extends AgentTwinError {
  constructor(twin: string, tool: string, reason: string, options?: ErrorOptions) {
    super(
      'INVALID_INPUT_SCHEMA',
      `Tool "${tool}" of twin "${twin}" has an input schema ajv cannot compile: ${reason}. Fix: correct tools[].input (a JSON Schema for an object of arguments).`,
      options,
    )
  }
}

/** A registered adapter threw instead of answering. */
export class AdapterFailedError extends AgentTwinError {
  constructor(adapter: string, tool: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      'ADAPTER_FAILED',
      `Adapter "${adapter}" threw while handling tool "${tool}": ${reason}. Fix: adapters must return { status, body } for every call; answer errors as a status instead of throwing.`,
      { cause },
    )
  }
}

/** A fault's params do not fit what the twin needs to enact it. */
export class InvalidFaultParamError extends AgentTwinError {
  constructor(faultType: string, param: string, value: unknown, expected: string) {
    super(
      'INVALID_FAULT_PARAM',
      `Fault "${faultType}" has ${param} = ${JSON.stringify(value)}, expected ${expected}. Fix: correct the param in the fault rule or in the catalog default.`,
    )
  }
}

/** An effect that cannot run on the current state (e.g. `increment` of a string). Answered as a 500, never thrown to the caller. */
export class EffectError extends AgentTwinError {
  readonly path: string

  constructor(path: string, reason: string) {
    super('EFFECT_FAILED', `Effect on "${path}" failed: ${reason}.`)
    this.path = path
  }
}
