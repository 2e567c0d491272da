import { AsyncLocalStorage } from 'node:async_hooks'
import { http } from 'msw'
import type { Interception } from '../http/interception.ts'
import { isModelUrl } from './hosts.ts'
import type { ModelSession } from './session.ts'

const sessions = new AsyncLocalStorage<ModelSession>()
const served = new WeakSet<Interception>()

/**
 * Adds the model traffic handler to an interception (once): a request to a
 * model host made inside `withModelSession` is answered by that session;
 * outside every session it stays unhandled, so the guard refuses it.
 * @example
 * serveModels(network)
 * await withModelSession(session, () => agent.run(input, context))
 */
export function serveModels(interception: Interception): void {
  if (served.has(interception)) return
  served.add(interception)
  interception.server.use(
    http.all(
      ({ request }) => {
        const session = sessions.getStore()
        return session !== undefined && isModelUrl(new URL(request.url), session.hosts)
      },
      ({ request }) => sessions.getStore()!.answer(request),
    ),
  )
}

/** Runs `fn` with its model requests answered by `session`. */
export function withModelSession<T>(session: ModelSession, fn: () => T): T {
  return sessions.run(session, fn)
}

/**
 * A `fetch` whose every request is model traffic of `session`: recorded,
 * replayed or refused by its mode. For callers that reach a model directly
 * (a judge) rather than through the agent's interception.
 * @example
 * const judged = await judge.judge({ criterion, reply, threshold, fetch: modelFetch(session) })
 */
export function modelFetch(session: ModelSession): typeof fetch {
  return (input, init) => session.answer(new Request(input, init))
}
