import type { ScopeTraffic } from '../http/scope-state.ts'
import { isModelUrl } from './hosts.ts'
import type { ModelSession } from './session.ts'

/**
 * A case's model traffic, for its interception scope: every request to one
 * of the session's model hosts made from the case's async context is
 * answered by the session (recorded, replayed or refused by its mode);
 * outside every such scope it stays unhandled, so the guard refuses it.
 * @example
 * await network.scope([twin], () => agent.run(input, context), { traffic: modelTraffic(session) })
 */
export function modelTraffic(session: ModelSession): ScopeTraffic {
  return {
    owns: (url) => isModelUrl(url, session.hosts),
    answer: (request) => session.answer(request),
  }
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
