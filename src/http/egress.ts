import { AsyncLocalStorage } from 'node:async_hooks'

const egress = new AsyncLocalStorage<string>()

/**
 * Runs `call` as the one kind of traffic a test run may send out: a request
 * to a configured language-model judge. The allowance is bound to this async
 * context, never to a host, so an agent under test calling the same host is
 * still refused. Meant for a `fetch` captured before the interception started.
 * @example
 * const answer = await withEgress('judge anthropic', () => networkFetch(url, init))
 */
export function withEgress<T>(purpose: string, call: () => Promise<T>): Promise<T> {
  return egress.run(purpose, call)
}

/** Why the current async context may reach the network, if it may. */
export function egressPurpose(): string | undefined {
  return egress.getStore()
}
