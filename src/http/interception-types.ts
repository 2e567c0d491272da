import type { SetupServer } from 'msw/node'
import type { Twin } from '../twin/types.ts'
import type { UnhandledRequest } from './errors.ts'
import type { ScopeOptions } from './scope-state.ts'
import type { WorkerGuardConfig } from './worker-guard.ts'

export interface InterceptionOptions {
  /**
   * Let requests to this machine (127.0.0.0/8, ::1, localhost, local sockets)
   * reach the real network, for servers the test started itself. Default `false`.
   */
  allowLoopback?: boolean
  /**
   * Hosts the code under test may reach for real (`api.example.com`, or
   * `api.example.com:8443` for one port). Default none.
   */
  allowHosts?: readonly string[]
  /** Twins to serve from the start; more can be added with `use(twin)`. */
  twins?: Twin[]
  /** Called with every refusal as it happens (after it is kept). */
  onRefusal?: (request: UnhandledRequest) => void
  /** @internal Set inside a guarded worker: who it is and where it reports. */
  worker?: WorkerGuardConfig
}

/** Lifecycle of an interception, as in `@mswjs/interceptors`: patches go on, stay on, come off once. */
export type InterceptionState = 'applying' | 'applied' | 'disposed'

/** Twins served only to the requests made inside one async context (see `Interception.scope`). */
export interface InterceptionScope {
  /** Adds a twin to this scope. Returns the function that removes it again (safe twice). */
  use(twin: Twin): () => void
  /**
   * Requests blocked while the scope ran that came from its async context (or
   * from no scope at all, which might be its own), in arrival order.
   */
  readonly unhandled: readonly UnhandledRequest[]
  /**
   * The scope's twins stop answering now, before the scope's function returns:
   * a request still on its way (one the agent did not await) is refused as
   * late instead of landing in whatever work follows the agent's answer.
   */
  stopServing(): void
}

/** The test network: twins answer, everything else fails and is kept in `unhandled`. */
export interface Interception {
  /** Serves a twin at its base URL. Returns the function that removes it again (safe twice). */
  use(twin: Twin): () => void
  /**
   * Runs `fn` with twins of its own: requests made inside `fn`'s async context
   * go to these twins first (then to the enclosing scopes', then to those of
   * `use()`), so concurrent tests can each serve the same base URL with their
   * own twin. A request made outside every scope (e.g. by a server started
   * before the test) reaches a scoped twin only while exactly one live scope
   * serves its URL. More twins can join with `scope.use(twin)`. Once `fn`
   * has settled the scope's twins answer nothing, so a request its context
   * still makes (an agent that did not await it, an abandoned agent's timer)
   * is refused as sent after the scope ended (see {@link ScopeOptions}).
   * The scope settles once every `fetch` its context started has been
   * answered or refused, so such a request is known before the case is built.
   */
  scope<T>(
    twins: readonly Twin[],
    fn: (scope: InterceptionScope) => T | Promise<T>,
    options?: ScopeOptions,
  ): Promise<T>
  /** Every request no twin answered (and every one a twin failed on), in arrival order. */
  readonly unhandled: readonly UnhandledRequest[]
  /**
   * The refusals no live scope owns: made outside every scope (a plain test,
   * module code) or by a scope that had already ended (a timer an abandoned
   * agent left behind), in arrival order.
   */
  readonly unscoped: readonly UnhandledRequest[]
  /** `applied` from creation until `dispose()`, then `disposed`. */
  readonly readyState: InterceptionState
  /** Throws `UnhandledRequestsError` (code `AGENTTWIN_UNHANDLED_REQUESTS`) listing `unhandled`, if any. */
  assertNoUnhandled(): void
  /** Removes every twin and forgets `unhandled`, to reuse the interception for the next test. */
  reset(): void
  /** The msw server underneath, for your own extra handlers (`server.use(...)` takes priority over twins). */
  readonly server: SetupServer
  /** Restores every patched global. Safe to call twice. */
  dispose(): void
  readonly disposed: boolean
}
