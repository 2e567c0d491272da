import { setContextTwins } from './context-twins.ts'
import { InterceptionDisposedError, UnhandledRequestsError } from './errors.ts'
import { applyPatches } from './interception-patches.ts'
import { InterceptionRegistry } from './interception-registry.ts'
import type {
  Interception,
  InterceptionOptions,
  InterceptionScope,
  InterceptionState,
} from './interception-types.ts'
import { createNetworkGuard } from './network-guard.ts'
import { PatchStack } from './patch-stack.ts'
import { ScopeRouting } from './scope-routing.ts'
import { lateTurns, liveTimers, type ScopeState, settledOrGrace } from './scope-state.ts'
import { addTwin } from './twin-table.ts'
import { workerName } from './worker-guard.ts'

export type {
  Interception,
  InterceptionOptions,
  InterceptionScope,
  InterceptionState,
} from './interception-types.ts'
export type { ScopeOptions, ScopeTraffic } from './scope-state.ts'

/**
 * The process's interceptions: one applied at a time (its patches are
 * process-wide), and the holders of the shared one (see `holdInterception`).
 */
export const interceptions = new InterceptionRegistry((options) => createInterception(options))

let workerChannels = 0

/**
 * Starts the test network. Twins added with `use(twin)` answer at their base
 * URLs; ANY other request fails with an error naming its method and URL and
 * how to fix it, and is kept in `unhandled`. That holds for `fetch`,
 * `node:http` and `node:https` (also through `import * as https from
 * 'node:https'`), and, at the socket level, for clients that bypass all of
 * them. `dispose()` undoes every patch.
 *
 * @example
 * const network = createInterception()
 * network.use(twin)
 * await agent.run('Refund order ORD-1001') // its fetch calls reach the twin
 * network.assertNoUnhandled()
 * network.dispose()
 */
export function createInterception(options: InterceptionOptions = {}): Interception {
  return new TestNetwork(options)
}

/**
 * An interception as an object: it owns its routing (twins, scopes, refusals),
 * its lifecycle (`readyState`: `applying`, `applied`, `disposed`; dispose twice
 * is safe) and the stack of its patches, undone in reverse from `dispose()`.
 */
class TestNetwork implements Interception {
  readonly server: Interception['server']
  private state: InterceptionState = 'applying'
  private readonly patches = new PatchStack()
  private readonly lifetime = new AbortController()
  private readonly routing: ScopeRouting
  private readonly guard: ReturnType<typeof createNetworkGuard>

  constructor(options: InterceptionOptions) {
    interceptions.claim(this)
    this.guard = createNetworkGuard({
      allowLoopback: options.allowLoopback ?? false,
      allowHosts: options.allowHosts ?? [],
      ...(options.worker ? { thread: workerName(options.worker) } : {}),
      twins: () => this.routing.servedTwins(),
    })
    this.routing = new ScopeRouting(this.guard, options.onRefusal)
    try {
      this.server = applyPatches(this.patches, {
        options,
        guard: this.guard,
        routing: this.routing,
        lifetime: this.lifetime.signal,
        channelName:
          options.worker?.channel ?? `agenttwin:refusals:${process.pid}:${++workerChannels}`,
      })
      // In-process tool calls find the twins a request from their context would reach.
      setContextTwins(() => this.routing.twinsHere())
      this.state = 'applied'
      for (const twin of options.twins ?? []) this.use(twin)
    } catch (error) {
      this.dispose()
      throw error
    }
  }

  use(twin: Parameters<Interception['use']>[0]): () => void {
    if (this.disposed) throw new InterceptionDisposedError(`use twin "${twin.name}"`)
    return addTwin(this.routing.twins, twin)
  }

  async scope<T>(
    list: Parameters<Interception['scope']>[0],
    fn: (scope: InterceptionScope) => T | Promise<T>,
    scopeOptions: Parameters<Interception['scope']>[2] = {},
  ): Promise<T> {
    if (this.disposed) throw new InterceptionDisposedError('open a scope')
    const { routing } = this
    const state: ScopeState = {
      twins: new Map(),
      parent: routing.scopes.getStore(),
      unhandled: [],
      options: scopeOptions,
      pending: new Set(),
    }
    const scope: InterceptionScope = {
      use: (twin) => {
        if (this.disposed) throw new InterceptionDisposedError(`use twin "${twin.name}" in a scope`)
        return addTwin(state.twins, twin)
      },
      get unhandled() {
        return state.unhandled
      },
      stopServing: () => state.twins.clear(),
    }
    for (const twin of list) scope.use(twin)
    // Timers live before the scope's code ran: those it leaves are the ones a late request may wait in.
    const timersBefore = scopeOptions.onLate ? liveTimers() : 0
    routing.live.add(state)
    try {
      return await routing.scopes.run(state, () => fn(scope))
    } finally {
      routing.live.delete(state)
      // Node keeps some never-read web streams alive for good, and each one
      // pins the async-context store it was created in: an ended scope must
      // not hold its twins (state, records) through them, or memory grows
      // with every case run. Its twins answer nothing once it has ended.
      state.twins.clear()
      // Fetches the context started and did not await are refused as late
      // now, while the case that owns them is still being built.
      if (state.pending.size > 0) await settledOrGrace([...state.pending])
      // Only a scope that takes late requests (a case being built) waits for them.
      if (scopeOptions.onLate) await lateTurns(timersBefore)
    }
  }

  get unhandled(): Interception['unhandled'] {
    return this.guard.unhandled
  }

  get unscoped(): Interception['unscoped'] {
    return this.routing.unscoped
  }

  get readyState(): InterceptionState {
    return this.state
  }

  get disposed(): boolean {
    return this.state === 'disposed'
  }

  assertNoUnhandled(): void {
    if (this.guard.unhandled.length > 0) throw new UnhandledRequestsError([...this.guard.unhandled])
  }

  reset(): void {
    this.routing.twins.clear()
    this.guard.clear()
    this.routing.unscoped.length = 0
  }

  dispose(): void {
    if (this.state === 'disposed') return
    this.state = 'disposed'
    // Requests still waiting on a twin (no-response, delays) fail like a dropped connection.
    this.lifetime.abort()
    this.routing.twins.clear()
    try {
      this.patches.undoAll()
    } finally {
      // Node 20 visits every enabled AsyncLocalStorage on each new promise: a disposed
      // interception's store must not slow every later one (one per describe block).
      this.routing.scopes.disable()
      // Only one interception is applied at a time: the twins in-process tools reach were its own.
      setContextTwins(undefined)
      interceptions.released(this)
    }
  }
}
