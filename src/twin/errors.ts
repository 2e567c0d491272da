import { AgentTwinError } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'

// Thrown by the one path module in core; re-exported here where the twin's errors live.
export { UnsafePathError } from '../core/errors.ts'

/** A write that needs a container where the state holds a scalar (e.g. `set a.b` when `a` is a number). */
export class PathConflictError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_PATH_CONFLICT'
  readonly path: string

  constructor(path: string, reason: string) {
    super({
      problem: `Cannot write state path "${path}": ${endSentence(reason)}`,
      fix: 'point the effect at an object or array, or set the parent first.',
    })
    this.path = path
  }
}

/** A path template whose placeholder has no value for this call (e.g. a missing argument). */
export class MissingPlaceholderError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_MISSING_PLACEHOLDER'
  readonly placeholder: string
  readonly template: string

  constructor(placeholder: string, template: string) {
    super({
      problem: `Template "${template}" needs "{${placeholder}}" but the call has no value for it.`,
      fix: `pass the argument "${placeholder}" or mark it required in the tool's input schema.`,
    })
    this.placeholder = placeholder
    this.template = template
  }
}

/** A call to a tool the twin does not define. */
export class UnknownToolError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNKNOWN_TOOL'
  readonly tool: string
  readonly knownTools: string[]

  constructor(tool: string, twin: string, knownTools: string[]) {
    super({
      problem: `Twin "${twin}" has no tool "${tool}". Known tools: ${knownTools.join(', ') || '(none)'}.`,
      fix: `call one of these, or add "${tool}" to the twin document.`,
    })
    this.tool = tool
    this.knownTools = knownTools
  }
}

/** A call on a twin after `dispose()`. */
export class TwinDisposedError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_TWIN_DISPOSED'

  constructor(twin: string) {
    super({
      problem: `Twin "${twin}" was disposed and takes no more calls.`,
      fix: 'create a fresh twin per case with createTwin().',
    })
  }
}

/** A conversation turn that does not follow the current one (turns count from 1 and only go forward). */
export class InvalidTurnError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_TURN'

  constructor(twin: string, turn: unknown, current: number | undefined) {
    super({
      problem: `Twin "${twin}" cannot begin turn ${JSON.stringify(turn)}: ${current === undefined ? 'no turn has begun yet' : `turn ${current} is under way`}.`,
      fix: 'count user turns from 1 and begin each one after the last (beginTurn(1), beginTurn(2), ...).',
    })
  }
}

/** A `kind: adapter` handler names an adapter nobody registered. */
export class UnknownAdapterError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNKNOWN_ADAPTER'
  readonly adapter: string

  constructor(adapter: string, tool: string, known: string[]) {
    super({
      problem: `Tool "${tool}" uses adapter "${adapter}", which is not registered. Registered adapters: ${known.join(', ') || '(none)'}.`,
      fix: `call registerAdapter('${adapter}', adapter) before createTwin(), or pass it in options.adapters.`,
    })
    this.adapter = adapter
  }
}

/** An adapter name registered twice with different implementations. */
export class DuplicateAdapterError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_DUPLICATE_ADAPTER'

  constructor(adapter: string) {
    super({
      problem: `Adapter "${adapter}" is already registered with a different implementation.`,
      fix: 'pick a unique name, or unregister the old one first.',
    })
  }
}

/** The document's `clock.start` is not an ISO 8601 time or `clock.stepMs` is not a number. */
export class InvalidClockError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_CLOCK'

  constructor(twin: string, reason: string) {
    super({
      problem: `Twin "${twin}" has an invalid clock: ${endSentence(reason)}`,
      fix: 'use clock.start like "2026-01-01T00:00:00.000Z" and a non-negative clock.stepMs.',
    })
  }
}

/** A tool's input JSON Schema does not compile. */
export class InvalidInputSchemaError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_INPUT_SCHEMA'

  constructor(twin: string, tool: string, reason: string, options?: ErrorOptions) {
    super(
      {
        problem: `Tool "${tool}" of twin "${twin}" has an input schema ajv cannot compile: ${endSentence(reason)}`,
        fix: 'correct tools[].input (a JSON Schema for an object of arguments).',
      },
      options,
    )
  }
}

/** A registered adapter threw instead of answering. */
export class AdapterFailedError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_ADAPTER_FAILED'

  constructor(adapter: string, tool: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause)
    super(
      {
        problem: `Adapter "${adapter}" threw while handling tool "${tool}": ${endSentence(reason)}`,
        fix: 'adapters must return { status, body } for every call; answer errors as a status instead of throwing.',
      },
      { cause },
    )
  }
}

/** A fault's params do not fit what the twin needs to enact it. */
export class InvalidFaultParamError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_FAULT_PARAM'

  constructor(faultType: string, param: string, value: unknown, expected: string) {
    super({
      problem: `Fault "${faultType}" has ${param} = ${JSON.stringify(value)}, expected ${expected}.`,
      fix: 'correct the param in the fault rule or in the catalog default.',
    })
  }
}

/** An effect that cannot run on the current state (e.g. `increment` of a string). Answered as a 500, never thrown to the caller. */
export class EffectError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_EFFECT_FAILED'
  readonly path: string

  constructor(path: string, reason: string) {
    // The message is what the 500 answer carries; the fix is for the twin's author.
    super({
      problem: `Effect on "${path}" failed: ${endSentence(reason)}`,
      fix: 'correct the effect or the state it runs on in the twin document (the caller got a 500 with the problem).',
      message: `Effect on "${path}" failed: ${endSentence(reason)}`,
    })
    this.path = path
  }
}
