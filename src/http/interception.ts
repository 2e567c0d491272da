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

export interface InterceptionOptions {
  /**
   * Let requests to this machine (127.0.0.0/8, ::1, localhost, local sockets)
   * reach the real network, for servers the test started itself. Default `false`.
   */
  allowLoopback?: boolean
  /** Twins to serve from the start; more can be added with `use(twin)`. */
  twins?: Twin[]
}

/** The test network: twins answer, everything else fails and is kept in `unhandled`. */
export interface Interception {
  /** Serves a twin at its base URL. Returns the function that removes it again (safe twice). */
  use(twin: Twin): () => void
  /** Every request no twin answered (and every one a twin failed on), in arrival order. */
  readonly unhandled: readonly UnhandledRequest[]
  /** Throws `UnhandledRequestsError` (code `UNHANDLED_REQUESTS`) listing `unhandled`, if any. */
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
  const guard = createNetworkGuard({
    allowLoopback: options.allowLoopback ?? false,
    twins: () => [...twins.values()].map(({ twin }) => `${twin.name} (${twin.baseUrl})`),
  })

  function twinFor(request: Request): RoutedTwin | undefined {
    const url = new URL(request.url)
    let best: RoutedTwin | undefined
    for (const routed of twins.values()) {
      if (!ownsUrl(routed.surface, url)) continue
      // Nested base URLs: the longest base path is the most specific twin.
      if (!best || routed.surface.basePath.length > best.surface.basePath.length) best = routed
    }
    return best
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
        guard.twinFailed(request, routed.twin.name, error)
        // msw prints it and answers 500: a twin bug must be loud, never a quiet pass.
        throw error
      }
    },
  )

  const server = setupServer(router)
  server.listen({ onUnhandledRequest: (request) => guard.onUnhandledRequest(request) })
  // msw patches node:http(s) on the CommonJS exports; this carries the patch
  // into ESM namespaces (`import * as https from 'node:https'`), which keep
  // the original functions otherwise.
  syncBuiltinESMExports()
  const interceptedFetch = globalThis.fetch
  const fetchWithFailures = withFetchFailures(interceptedFetch)
  globalThis.fetch = fetchWithFailures
  const removeSocketGuard = installSocketGuard({
    allow: (target) => guard.allowConnection(target),
    refuse: (target) => guard.refuseConnection(target),
  })

  let disposed = false
  const interception: Interception = {
    use(twin) {
      if (disposed) throw new InterceptionDisposedError(`use twin "${twin.name}"`)
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
