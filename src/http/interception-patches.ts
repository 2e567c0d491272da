/**
 * The seven patches of an interception, each put on its `PatchStack` with its
 * undo: msw's server (`node:http(s)`, `fetch`'s interceptor, WebSocket),
 * `fetch` with call signals and failures, undici's global dispatcher, sockets,
 * DNS, worker threads, and the ESM namespace sync that carries them into
 * `import * as https from 'node:https'`.
 */
import { syncBuiltinESMExports } from 'node:module'
import { http, WebSocketHandler } from 'msw'
import { type SetupServer, setupServer } from 'msw/node'
import { withCallSignals } from './call-signal.ts'
import { withFetchFailures } from './fetch-failure.ts'
import type { InterceptionOptions } from './interception-types.ts'
import type { NetworkGuard, SocketGuardOptions } from './network-guard.ts'
import type { PatchStack } from './patch-stack.ts'
import { installResolverGuard } from './resolver-guard.ts'
import type { ScopeRouting } from './scope-routing.ts'
import { pendingRequest, type ScopeState, type ScopeTraffic } from './scope-state.ts'
import { installSocketGuard } from './socket-guard.ts'
import { answerTwinRequest, type RoutedTwin } from './twin-handlers.ts'
import { dispatchingClient, installUndiciDispatcher } from './undici-dispatcher.ts'
import { websocketGuard } from './websocket-guard.ts'
import { installWorkerGuard, type WorkerRefusal } from './worker-guard.ts'

/** What the patches answer with and report to. */
export interface PatchContext {
  options: InterceptionOptions
  guard: NetworkGuard
  routing: ScopeRouting
  /** Aborted on dispose: requests still waiting on a twin fail like a dropped connection. */
  lifetime: AbortSignal
  /** The name of the channel the guarded workers this interception starts report on. */
  channelName: string
}

/** Applies every patch onto `stack`; returns msw's server (the `server` of the interception). */
export function applyPatches(stack: PatchStack, context: PatchContext): SetupServer {
  const { options, guard, routing } = context
  const inWorker = options.worker ? 'worker' : undefined
  const refuseHandshake = (url: string) =>
    routing.attributed(() =>
      guard.refuse(
        { client: inWorker ?? 'websocket', method: 'GET', url, how: 'a WebSocket handshake' },
        routing.endedBefore(),
      ),
    )
  // At the bottom of the stack, so undone last: once every patch is off, the
  // ESM namespaces get the original functions back.
  stack.apply('esm-namespaces', () => () => syncBuiltinESMExports())
  const server = mswServer(stack, context, refuseHandshake)

  const interceptedFetch = globalThis.fetch
  stack.apply('fetch', () => {
    const patched = trackedFetch(routing, withCallSignals(withFetchFailures(interceptedFetch)))
    globalThis.fetch = patched
    return () => {
      if (globalThis.fetch === patched) globalThis.fetch = interceptedFetch
    }
  })
  stack.apply('undici', () =>
    installUndiciDispatcher({
      fetch: interceptedFetch,
      refuseUpgrade: (url) =>
        guard.allowsHost(new URL(url).hostname, Number(new URL(url).port) || undefined)
          ? undefined
          : refuseHandshake(url),
    }),
  )
  const refuseBelowHttp: SocketGuardOptions['refuse'] = (refusal) =>
    routing.attributed(() =>
      guard.refuse(inWorker ? { ...refusal, client: 'worker' } : refusal, routing.endedBefore()),
    )
  stack.apply('sockets', () =>
    installSocketGuard({
      allow: (target) => guard.allowConnection(target),
      refuse: refuseBelowHttp,
    }),
  )
  stack.apply('dns', () =>
    installResolverGuard({
      allowsHost: (host, port) => guard.allowsHost(host, port),
      isTwinHost: (host) => routing.twinFor(new Request(`https://${host}/`)) !== undefined,
      refuse: refuseBelowHttp,
    }),
  )
  stack.apply('workers', () => workerPatch(context))
  // msw patches node:http(s) on the CommonJS exports, and our guards patch dns
  // and dgram; this carries the patches into ESM namespaces (`import * as
  // https from 'node:https'`), which keep the original functions otherwise.
  syncBuiltinESMExports()
  return server
}

/** msw's server: the twins' router and the WebSocket guard; unhandled requests go to the guard. */
function mswServer(
  stack: PatchStack,
  { options, guard, routing, lifetime }: PatchContext,
  refuseHandshake: (url: string) => ReturnType<NetworkGuard['refuse']>,
): SetupServer {
  const trafficBy = new WeakMap<Request, ScopeTraffic>()
  // A scope's own traffic (a case's model calls) before any twin, in a handler of its own: a
  // request an agent sends without awaiting it as it returns reaches the twins' router a few
  // msw turns later, once its case has stopped serving, and is refused as late.
  const ownTraffic = http.all(
    ({ request }) => {
      const traffic = routing.trafficFor(new URL(request.url))
      if (traffic) trafficBy.set(request, traffic)
      return traffic !== undefined
    },
    ({ request }) => trafficBy.get(request)!.answer(request),
  )
  const routedBy = new WeakMap<Request, RoutedTwin>()
  const router = http.all(
    ({ request }) => {
      const routed = routing.twinFor(request)
      if (routed) routedBy.set(request, routed)
      return routed !== undefined
    },
    async ({ request }) => {
      const routed = routedBy.get(request)!
      try {
        return await answerTwinRequest(routed, request, lifetime)
      } catch (error) {
        routing.attributed(() => guard.twinFailed(request, routed.twin.name, error))
        // msw prints it and answers 500: a twin bug must be loud, never a quiet pass.
        throw error
      }
    },
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
  const server = setupServer(ownTraffic, router, websockets)
  stack.apply('msw', () => {
    server.listen({
      onUnhandledRequest: (request) =>
        routing.attributed(() =>
          guard.onUnhandledRequest(
            request,
            options.worker ? 'worker' : dispatchingClient(),
            routing.endedBefore(),
          ),
        ),
    })
    return () => server.close()
  })
  return server
}

/**
 * Each fetch of a live scope is tracked until it settles, so the scope can wait for it when it
 * ends. No async-context store per call: a never-read stream would keep it, and so grow memory.
 */
function trackedFetch(routing: ScopeRouting, failing: typeof fetch): typeof fetch {
  return (input, init) => {
    const from = routing.scopes.getStore()
    if (!from || !routing.live.has(from)) return failing(input, init)
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
}

/**
 * Workers a test starts guard themselves and report here, filed under the scope that started them.
 * The channel opens with the first worker: an open one costs every turn of the event loop.
 */
function workerPatch({ options, guard, routing, channelName }: PatchContext): () => void {
  let channel: BroadcastChannel | undefined
  let closed = false
  const workerScopes = new Map<number, ScopeState | undefined>()
  const listen = () => {
    if (channel || closed) return
    channel = new BroadcastChannel(channelName)
    ;(channel as unknown as { unref(): void }).unref()
    channel.onmessage = (event) => {
      const { worker, request } = (event as MessageEvent<WorkerRefusal>).data
      const adopted = { ...request, client: 'worker' as const }
      guard.adopt(adopted)
      routing.file([adopted], workerScopes.get(worker))
    }
  }
  const remove = installWorkerGuard({
    config: {
      allowLoopback: options.allowLoopback ?? false,
      allowHosts: options.allowHosts ?? [],
      channel: channelName,
    },
    register: () => {
      if (options.worker) return options.worker.worker
      listen()
      const id = workerScopes.size + 1
      workerScopes.set(id, routing.scopes.getStore())
      return id
    },
  })
  return () => {
    closed = true
    remove()
    channel?.close()
  }
}
