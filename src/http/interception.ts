import { AsyncLocalStorage } from 'node:async_hooks'
import { syncBuiltinESMExports } from 'node:module'
import { http, WebSocketHandler } from 'msw'
import { type SetupServer, setupServer } from 'msw/node'
import type { Twin } from '../twin/types.ts'
import { withCallSignals } from './call-signal.ts'
import { setContextTwins } from './context-twins.ts'
import {
  InterceptionActiveError,
  InterceptionDisposedError,
  TwinBaseUrlInUseError,
  type UnhandledRequest,
  UnhandledRequestsError,
} from './errors.ts'
import { withFetchFailures } from './fetch-failure.ts'
import { createNetworkGuard } from './network-guard.ts'
import { installResolverGuard } from './resolver-guard.ts'
import { ownsUrl } from './routes.ts'
import {
  pendingRequest,
  type ScopeOptions,
  type ScopeState,
  settledOrGrace,
} from './scope-state.ts'
import { installSocketGuard } from './socket-guard.ts'
import { answerTwinRequest, type RoutedTwin, routeTwin } from './twin-handlers.ts'
import { dispatchingClient, installUndiciDispatcher } from './undici-dispatcher.ts'
import { websocketGuard } from './websocket-guard.ts'
import {
  installWorkerGuard,
  type WorkerGuardConfig,
  type WorkerRefusal,
  workerName,
} from './worker-guard.ts'

export type { ScopeOptions } from './scope-state.ts'

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

/** msw, the socket guard and the ESM namespace sync are process-wide: one interception at a time. */
let active: Interception | undefined

/**
 * @internal How the shared registry (shared-interception.ts) steps aside for
 * an interception a test creates itself while only the run-wide guard holds
 * the shared one, and comes back when that one is disposed.
 */
export const registryHooks: { stepAside?: () => boolean; resume?: () => void } = {}
let workerChannels = 0

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
  if (active && !(registryHooks.stepAside?.() && !active)) throw new InterceptionActiveError()
  const twins = new Map<string, RoutedTwin>()
  const routedBy = new WeakMap<Request, RoutedTwin>()
  const lifetime = new AbortController()
  const scopes = new AsyncLocalStorage<ScopeState>()
  const live = new Set<ScopeState>()
  const unscoped: UnhandledRequest[] = []
  let disposed = false
  let readyState: InterceptionState = 'applying'
  const allowLoopback = options.allowLoopback ?? false
  const allowHosts = options.allowHosts ?? []
  const guard = createNetworkGuard({
    allowLoopback,
    allowHosts,
    ...(options.worker ? { thread: workerName(options.worker) } : {}),
    twins: () => [
      ...[...twins.values()].map(({ twin }) => `${twin.name} (${twin.baseUrl})`),
      ...[...live].flatMap((scope) =>
        [...scope.twins.values()].map(
          ({ twin }) => `${twin.name} (${twin.baseUrl}, scoped to one test's async context)`,
        ),
      ),
    ],
  })

  function twinsHere(): Twin[] {
    const found: Twin[] = []
    for (let scope = scopes.getStore(); scope; scope = scope.parent) {
      for (const routed of scope.twins.values()) found.push(routed.twin)
    }
    for (const routed of twins.values()) found.push(routed.twin)
    return found
  }

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

  /** What had ended when a request came from `from`: its label, or nothing while `from` lives. */
  function endedBefore(from: ScopeState | undefined): string | undefined {
    if (!from || live.has(from)) return undefined
    return from.options.label ?? 'its scope'
  }

  /**
   * Files refusals under the scopes they may belong to: a request sent after
   * its scope ended is first offered to that scope (its case may still take
   * it); otherwise the live chain of `from`, else every live scope.
   */
  function file(refused: UnhandledRequest[], from: ScopeState | undefined): void {
    if (refused.length === 0) return
    const late = from && !live.has(from) ? from.options.onLate : undefined
    const blocked = late ? refused.filter((request) => !late(request)) : refused
    for (const request of refused) if (!blocked.includes(request)) options.onRefusal?.(request)
    if (blocked.length === 0) return
    const owners: ScopeState[] = []
    for (let scope = from; scope; scope = scope.parent) if (live.has(scope)) owners.push(scope)
    // From an ended scope or from no scope: evidence no case holds yet.
    if (owners.length === 0) unscoped.push(...blocked)
    for (const scope of from ? owners : live) scope.unhandled.push(...blocked)
    for (const request of blocked) options.onRefusal?.(request)
  }

  /** Runs a guard decision and files what it blocked. */
  function attributed<T>(decide: () => T): T {
    const before = guard.unhandled.length
    try {
      return decide()
    } finally {
      file(guard.unhandled.slice(before), scopes.getStore())
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

  const inWorker = options.worker ? 'worker' : undefined
  const refuseHandshake = (url: string) =>
    attributed(() =>
      guard.refuse(
        { client: inWorker ?? 'websocket', method: 'GET', url, how: 'a WebSocket handshake' },
        endedBefore(scopes.getStore()),
      ),
    )
  const websockets = websocketGuard({
    allows: (url) => guard.allowsHost(url.hostname, Number(url.port) || undefined),
    servedElsewhere: (url) =>
      server
        .listHandlers()
        .some(
          (handler) =>
            handler !== websockets && handler instanceof WebSocketHandler && handler.test(url),
        ),
    refuse: refuseHandshake,
  })
  const server = setupServer(router, websockets)
  server.listen({
    onUnhandledRequest: (request) =>
      attributed(() =>
        guard.onUnhandledRequest(
          request,
          inWorker ?? dispatchingClient(),
          endedBefore(scopes.getStore()),
        ),
      ),
  })
  const interceptedFetch = globalThis.fetch
  const failing = withCallSignals(withFetchFailures(interceptedFetch))
  // Each fetch of a live scope is tracked until it settles, so the scope can wait for it when it
  // ends. No async-context store per call: a never-read stream would keep it, and so grow memory.
  const fetchWithFailures: typeof fetch = (input, init) => {
    const from = scopes.getStore()
    if (!from || !live.has(from)) return failing(input, init)
    const pending = pendingRequest()
    from.pending.add(pending)
    const settled = () => {
      from.pending.delete(pending)
      pending.route()
    }
    const result = failing(input, init)
    result.then(settled, settled)
    return result
  }
  globalThis.fetch = fetchWithFailures
  const removeDispatcher = installUndiciDispatcher({
    fetch: interceptedFetch,
    refuseUpgrade: (url) =>
      guard.allowsHost(new URL(url).hostname, Number(new URL(url).port) || undefined)
        ? undefined
        : refuseHandshake(url),
  })
  const refuseBelowHttp: Parameters<typeof installSocketGuard>[0]['refuse'] = (refusal) =>
    attributed(() =>
      guard.refuse(
        inWorker ? { ...refusal, client: 'worker' } : refusal,
        endedBefore(scopes.getStore()),
      ),
    )
  const removeSocketGuard = installSocketGuard({
    allow: (target) => guard.allowConnection(target),
    refuse: refuseBelowHttp,
  })
  const removeResolverGuard = installResolverGuard({
    allowsHost: (host, port) => guard.allowsHost(host, port),
    isTwinHost: (host) => twinFor(new Request(`https://${host}/`)) !== undefined,
    refuse: refuseBelowHttp,
  })
  // Workers a test starts guard themselves and report here, filed under the scope that started them.
  // The channel opens with the first worker: an open one costs every turn of the event loop.
  const channelName =
    options.worker?.channel ?? `agenttwin:refusals:${process.pid}:${++workerChannels}`
  let channel: BroadcastChannel | undefined
  const workerScopes = new Map<number, ScopeState | undefined>()
  function listen(): void {
    if (channel || disposed) return
    channel = new BroadcastChannel(channelName)
    ;(channel as unknown as { unref(): void }).unref()
    channel.onmessage = (event) => {
      const { worker, request } = (event as MessageEvent<WorkerRefusal>).data
      const adopted = { ...request, client: 'worker' as const }
      guard.adopt(adopted)
      file([adopted], workerScopes.get(worker))
    }
  }
  const removeWorkerGuard = installWorkerGuard({
    config: { allowLoopback, allowHosts, channel: channelName },
    register: () => {
      if (options.worker) return options.worker.worker
      listen()
      const id = workerScopes.size + 1
      workerScopes.set(id, scopes.getStore())
      return id
    },
  })
  // msw patches node:http(s) on the CommonJS exports, and our guards patch dns
  // and dgram; this carries the patches into ESM namespaces (`import * as
  // https from 'node:https'`), which keep the original functions otherwise.
  syncBuiltinESMExports()

  const interception: Interception = {
    use(twin) {
      if (disposed) throw new InterceptionDisposedError(`use twin "${twin.name}"`)
      return addTwin(twins, twin)
    },
    async scope(list, fn, scopeOptions = {}) {
      if (disposed) throw new InterceptionDisposedError('open a scope')
      const state: ScopeState = {
        twins: new Map(),
        parent: scopes.getStore(),
        unhandled: [],
        options: scopeOptions,
        pending: new Set(),
      }
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
        // Fetches the context started and did not await are refused as late
        // now, while the case that owns them is still being built.
        if (state.pending.size > 0) await settledOrGrace([...state.pending])
      }
    },
    get unhandled() {
      return guard.unhandled
    },
    get unscoped() {
      return unscoped
    },
    get readyState() {
      return readyState
    },
    assertNoUnhandled() {
      if (guard.unhandled.length > 0) throw new UnhandledRequestsError([...guard.unhandled])
    },
    reset() {
      twins.clear()
      guard.clear()
      unscoped.length = 0
    },
    server,
    get disposed() {
      return disposed
    },
    dispose() {
      if (disposed) return
      disposed = true
      readyState = 'disposed'
      // Requests still waiting on a twin (no-response, delays) fail like a dropped connection.
      lifetime.abort()
      twins.clear()
      if (globalThis.fetch === fetchWithFailures) globalThis.fetch = interceptedFetch
      removeSocketGuard()
      removeResolverGuard()
      removeWorkerGuard()
      channel?.close()
      removeDispatcher()
      server.close()
      // Node 20 visits every enabled AsyncLocalStorage on each new promise: a disposed
      // interception's store must not slow every later one (one per describe block).
      scopes.disable()
      syncBuiltinESMExports()
      if (active === interception) {
        active = undefined
        setContextTwins(undefined)
        registryHooks.resume?.()
      }
    },
  }
  active = interception
  setContextTwins(twinsHere)
  readyState = 'applied'
  try {
    for (const twin of options.twins ?? []) interception.use(twin)
  } catch (error) {
    interception.dispose()
    throw error
  }
  return interception
}
