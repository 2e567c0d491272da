import { AsyncLocalStorage } from 'node:async_hooks'
import { syncBuiltinESMExports } from 'node:module'
import { http } from 'msw'
import { type SetupServer, setupServer } from 'msw/node'
import type { Twin } from '../twin/types.ts'
import {
  InterceptionActiveError,
  InterceptionDisposedError,
  TwinBaseUrlInUseError,
  type UnhandledRequest,
  UnhandledRequestsError,
} from './errors.ts'
import { withFetchFailures } from './fetch-failure.ts'
import { createNetworkGuard } from './network-guard.ts'
import { ownsUrl } from './routes.ts'
import { installSocketGuard } from './socket-guard.ts'
import { answerTwinRequest, type RoutedTwin, routeTwin } from './twin-handlers.ts'
import { installUndiciDispatcher } from './undici-dispatcher.ts'

export interface InterceptionOptions {
  /**
   * Let requests to this machine (127.0.0.0/8, ::1, localhost, local sockets)
   * reach the real network, for servers the test started itself. Default `false`.
   */
  allowLoopback?: boolean
  /** Twins to serve from the start; more can be added with `use(twin)`. */
  twins?: Twin[]
}

/** Twins served only to the requests made inside one async context (see `Interception.scope`). */
export interface InterceptionScope {
  /** Adds a twin to this scope. Returns the function that removes it again (safe twice). */
  use(twin: Twin): () => void
  /**
   * Requests blocked while the scope ran that came from its async context (or
   * from no scope at all, which might be its own), in arrival order.
   */
  readonly unhandled: readonly UnhandledRequest[]
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
   * still makes (an abandoned agent's timer) is blocked, not served.
   */
  scope<T>(twins: readonly Twin[], fn: (scope: InterceptionScope) => T | Promise<T>): Promise<T>
  /** Every request no twin answered (and every one a twin failed on), in arrival order. */
  readonly unhandled: readonly UnhandledRequest[]
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

/** msw, the socket guard and the ESM namespace sync are process-wide: one interception at a time. */
let active: Interception | undefined

interface ScopeState {
  twins: Map<string, RoutedTwin>
  parent: ScopeState | undefined
  unhandled: UnhandledRequest[]
}

/** The twin whose base URL owns `url`; with nested base URLs, the longest base path. */
function ownerOf(twins: Map<string, RoutedTwin>, url: URL): RoutedTwin | undefined {
  let best: RoutedTwin | undefined
  for (const routed of twins.values()) {
    if (!ownsUrl(routed.surface, url)) continue
    if (!best || routed.surface.basePath.length > best.surface.basePath.length) best = routed
  }
  return best
}

/** Adds a twin under its base URL; a different twin already there is an error. */
function addTwin(twins: Map<string, RoutedTwin>, twin: Twin): () => void {
  const routed = routeTwin(twin)
  const key = `${routed.surface.origin}${routed.surface.basePath}`
  const existing = twins.get(key)
  if (existing && existing.twin !== twin) {
    throw new TwinBaseUrlInUseError(key, existing.twin.name, twin.name)
  }
  const entry = existing ?? routed
  twins.set(key, entry)
  return () => {
    if (twins.get(key) === entry) twins.delete(key)
  }
}

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
  if (active) throw new InterceptionActiveError()
  const twins = new Map<string, RoutedTwin>()
  const routedBy = new WeakMap<Request, RoutedTwin>()
  const lifetime = new AbortController()
  const scopes = new AsyncLocalStorage<ScopeState>()
  const live = new Set<ScopeState>()
  const guard = createNetworkGuard({
    allowLoopback: options.allowLoopback ?? false,
    twins: () => [
      ...[...twins.values()].map(({ twin }) => `${twin.name} (${twin.baseUrl})`),
      ...[...live].flatMap((scope) =>
        [...scope.twins.values()].map(
          ({ twin }) => `${twin.name} (${twin.baseUrl}, scoped to one test's async context)`,
        ),
      ),
    ],
  })

  function twinFor(request: Request): RoutedTwin | undefined {
    const url = new URL(request.url)
    const current = scopes.getStore()
    for (let scope = current; scope; scope = scope.parent) {
      const routed = ownerOf(scope.twins, url)
      if (routed) return routed
    }
    const shared = ownerOf(twins, url)
    if (shared || current) return shared
    // From outside every scope: only an unambiguous owner, never a guess.
    const owners = [...live].flatMap((scope) => ownerOf(scope.twins, url) ?? [])
    return owners.length === 1 ? owners[0] : undefined
  }

  /** Runs a guard decision and files what it blocked under the scopes it may belong to. */
  function attributed<T>(decide: () => T): T {
    const before = guard.unhandled.length
    try {
      return decide()
    } finally {
      const blocked = guard.unhandled.slice(before)
      if (blocked.length > 0) {
        const current = scopes.getStore()
        const owners: ScopeState[] = []
        for (let scope = current; scope; scope = scope.parent) owners.push(scope)
        for (const scope of current ? owners : live) scope.unhandled.push(...blocked)
      }
    }
  }

  const router = http.all(
    ({ request }) => {
      const routed = twinFor(request)
      if (routed) routedBy.set(request, routed)
      return routed !== undefined
    },
    async ({ request }) => {
      const routed = routedBy.get(request)!
      try {
        return await answerTwinRequest(routed, request, lifetime.signal)
      } catch (error) {
        attributed(() => guard.twinFailed(request, routed.twin.name, error))
        // msw prints it and answers 500: a twin bug must be loud, never a quiet pass.
        throw error
      }
    },
  )

  const server = setupServer(router)
  server.listen({
    onUnhandledRequest: (request) => attributed(() => guard.onUnhandledRequest(request)),
  })
  // msw patches node:http(s) on the CommonJS exports; this carries the patch
  // into ESM namespaces (`import * as https from 'node:https'`), which keep
  // the original functions otherwise.
  syncBuiltinESMExports()
  const interceptedFetch = globalThis.fetch
  const fetchWithFailures = withFetchFailures(interceptedFetch)
  globalThis.fetch = fetchWithFailures
  const removeDispatcher = installUndiciDispatcher(interceptedFetch)
  const removeSocketGuard = installSocketGuard({
    allow: (target) => guard.allowConnection(target),
    refuse: (target) => attributed(() => guard.refuseConnection(target)),
  })

  let disposed = false
  const interception: Interception = {
    use(twin) {
      if (disposed) throw new InterceptionDisposedError(`use twin "${twin.name}"`)
      return addTwin(twins, twin)
    },
    async scope(list, fn) {
      if (disposed) throw new InterceptionDisposedError('open a scope')
      const state: ScopeState = { twins: new Map(), parent: scopes.getStore(), unhandled: [] }
      const scope: InterceptionScope = {
        use(twin) {
          if (disposed) throw new InterceptionDisposedError(`use twin "${twin.name}" in a scope`)
          return addTwin(state.twins, twin)
        },
        get unhandled() {
          return state.unhandled
        },
      }
      for (const twin of list) scope.use(twin)
      live.add(state)
      try {
        return await scopes.run(state, () => fn(scope))
      } finally {
        live.delete(state)
        // Node keeps some never-read web streams alive for good, and each one
        // pins the async-context store it was created in: an ended scope must
        // not hold its twins (state, records) through them, or memory grows
        // with every case run. Its twins answer nothing once it has ended.
        state.twins.clear()
      }
    },
    get unhandled() {
      return guard.unhandled
    },
    assertNoUnhandled() {
      if (guard.unhandled.length > 0) throw new UnhandledRequestsError([...guard.unhandled])
    },
    reset() {
      twins.clear()
      guard.clear()
    },
    server,
    get disposed() {
      return disposed
    },
    dispose() {
      if (disposed) return
      disposed = true
      // Requests still waiting on a twin (no-response, delays) fail like a dropped connection.
      lifetime.abort()
      twins.clear()
      if (globalThis.fetch === fetchWithFailures) globalThis.fetch = interceptedFetch
      removeSocketGuard()
      removeDispatcher()
      server.close()
      syncBuiltinESMExports()
      if (active === interception) active = undefined
    },
  }
  active = interception
  try {
    for (const twin of options.twins ?? []) interception.use(twin)
  } catch (error) {
    interception.dispose()
    throw error
  }
  return interception
}
