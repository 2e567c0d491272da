import type { CallRecord } from '../core/call-record.ts'
import type { CallerView, FaultPolicy } from '../core/fault-model.ts'
import { cloneData, cloneJson, type JsonObject } from '../core/json.ts'
import { jsonSize } from '../core/json-size.ts'
import { LimitExceededError, resourceLimit } from '../core/limits.ts'
import type { TwinDocument } from '../schema/twin-document.ts'
import { registeredAdapters } from './adapters.ts'
import { fixedClock } from './clock.ts'
import { InvalidTurnError, TwinDisposedError, UnknownAdapterError } from './errors.ts'
import { IdempotencyStore } from './idempotency.ts'
import { compileInputs } from './input-validation.ts'
import { mergeState } from './merge-state.ts'
import { enactCall, runCall } from './run-call.ts'
import type { TwinRuntime } from './runtime.ts'
import { StateHistory } from './state-history.ts'
import type { ToolCall, Twin, TwinOptions } from './types.ts'

/** The tools as a caller is shown them: a tool-description injection rewrites its tool's description. */
function listedTools(definition: TwinDocument, faults: FaultPolicy | undefined) {
  if (!faults?.describe) return definition.tools
  return definition.tools.map((tool) => {
    const poisoned = faults.describe!(tool.name, tool.description ?? '')
    return poisoned ? { ...tool, description: poisoned.description } : tool
  })
}

/** The sizes of frozen fixtures (a document shared by a file's cases), measured once. */
const fixtureSizes = new WeakMap<JsonObject, number>()

/** `jsonSize` of a twin's fixtures; a frozen one cannot change, so its size is kept. */
function fixtureSize(fixtures: JsonObject, stopAbove: number): number {
  const known = fixtureSizes.get(fixtures)
  if (known !== undefined && known <= stopAbove) return known
  const size = jsonSize(fixtures, stopAbove)
  // A count that stopped early is no size: only a whole one is kept.
  if (size <= stopAbove && Object.isFrozen(fixtures)) fixtureSizes.set(fixtures, size)
  return size
}

/**
 * Creates a live twin for one case: its state is the document's fixtures
 * deep-merged with `options.stateOverrides`, copied so no two twins share an
 * object. Every call is validated, handled, recorded and answered the same
 * way for the same inputs: IDs come from call order, time from the fixed clock.
 *
 * Throws at creation (not at the first call) for an input schema ajv cannot
 * compile, an invalid clock, an adapter nobody registered, or a state over
 * the state size limit (`LimitExceededError`, 64 MiB unless raised).
 *
 * @example
 * const twin = createTwin(document, { stateOverrides: { orders: { o_1: { status: 'paid' } } } })
 * const { record, view } = twin.call({ tool: 'refund_order', args: { order_id: 'o_1' } })
 * record.changes // [{ path: ['orders', 'o_1', 'status'], before: 'paid', after: 'refunded' }]
 * twin.dispose()
 */
export function createTwin(definition: TwinDocument, options: TwinOptions = {}): Twin {
  const name = definition.metadata.name
  const adapters = options.adapters ?? registeredAdapters()
  for (const tool of definition.tools) {
    const handler = tool.handler
    if (handler.kind === 'adapter' && !adapters.has(handler.adapter)) {
      throw new UnknownAdapterError(handler.adapter, tool.name, [...adapters.keys()])
    }
  }
  const state = mergeState(definition.state, options.stateOverrides)
  const maxStateBytes = resourceLimit('stateBytes')
  const stateBytes = options.stateOverrides
    ? jsonSize(state, maxStateBytes)
    : fixtureSize(definition.state, maxStateBytes)
  if (stateBytes > maxStateBytes) {
    throw new LimitExceededError(
      'stateBytes',
      `The state of twin "${name}"`,
      undefined,
      maxStateBytes,
    )
  }
  const runtime: TwinRuntime = {
    definition,
    tools: new Map(definition.tools.map((tool) => [tool.name, tool])),
    validators: compileInputs(definition),
    adapters,
    clock: fixedClock(definition),
    // mergeState made a copy that shares nothing: the history may own it.
    history: new StateHistory(state, { owned: true }),
    store: new IdempotencyStore(),
    records: [],
    callCounts: new Map(),
    idCounts: new Map(),
    pending: [],
    faults: options.faults,
  }
  let disposed = false

  const twin: Twin = {
    definition,
    name,
    baseUrl: definition.http.baseUrl,
    get tools() {
      return listedTools(definition, runtime.faults)
    },
    poisonedTools() {
      const policy = runtime.faults
      if (!policy?.describe) return []
      return definition.tools.flatMap((tool) => {
        const poisoned = policy.describe!(tool.name, tool.description ?? '')
        return poisoned ? [{ tool: tool.name, ...poisoned }] : []
      })
    },
    call(call) {
      if (disposed) throw new TwinDisposedError(name)
      return runCall(runtime, call)
    },
    state: (): JsonObject => cloneJson(runtime.history.current),
    initialState: (): JsonObject => cloneJson(runtime.history.initial),
    records: () => cloneData(runtime.records),
    beginTurn(turn) {
      if (!Number.isInteger(turn) || turn < 1 || turn <= (runtime.turn?.number ?? 0)) {
        throw new InvalidTurnError(name, turn, runtime.turn?.number)
      }
      runtime.turn = { number: turn, callCounts: new Map() }
    },
    get turn() {
      return runtime.turn?.number
    },
    setFaults(policy) {
      runtime.faults = policy
    },
    dispose() {
      disposed = true
    },
    get disposed() {
      return disposed
    },
  }
  runtimes.set(twin, runtime)
  ownCalls.set(twin, twin.call)
  return twin
}

/** Each twin's runtime, for `finishTwin` and `answerCall`: the one way past the copies `records()` and `state()` make. */
const runtimes = new WeakMap<Twin, TwinRuntime>()
/** Each twin's own `call`, to tell it from one a test put in its place. */
const ownCalls = new WeakMap<Twin, Twin['call']>()

/**
 * What the caller sees of one call, for a transport that answers it (HTTP,
 * an in-process tool): the same as `twin.call(call).view`, with the call
 * recorded the same way, but without the copy of its record that `call`
 * hands out and a transport would throw away.
 * @example
 * const view = answerCall(twin, { tool: 'lookup_order', args: { order_id: 'o_1' } })
 */
export function answerCall(twin: Twin, call: ToolCall): CallerView {
  const runtime = runtimes.get(twin)
  if (!runtime || twin.disposed || twin.call !== ownCalls.get(twin)) return twin.call(call).view
  return enactCall(runtime, call).view
}

/** What a finished twin hands over: its records and its first and last state. */
export interface FinishedTwin {
  records: CallRecord[]
  initialState: JsonObject
  finalState: JsonObject
}

/**
 * Disposes the twin and hands over its records and final state without
 * copying them: a disposed twin answers no more calls, so nothing changes
 * them again and the caller (`runCase`, building its CaseRun) may own them.
 * The initial state is copied, since later states share with it every part
 * no call changed.
 * @example
 * const { records, finalState } = finishTwin(twin)
 */
export function finishTwin(twin: Twin): FinishedTwin {
  const runtime = runtimes.get(twin)
  if (!runtime) {
    const finished = copiedTwin(twin)
    twin.dispose()
    return finished
  }
  twin.dispose()
  return {
    records: runtime.records,
    initialState: cloneJson(runtime.history.initial),
    finalState: runtime.history.current,
  }
}

/** A live twin's records and states as copies: what it hands over while it still answers calls. */
export function copiedTwin(twin: Twin): FinishedTwin {
  return { records: twin.records(), initialState: twin.initialState(), finalState: twin.state() }
}
