import { AsyncLocalStorage } from 'node:async_hooks'

const egress = new AsyncLocalStorage<string>()

/**
 * The one hole in the socket guard: runs `call` (a live request to a
 * configured model host, forwarded by the model traffic handler) with
 * connections to that one host allowed. The allowance is bound to this async
 * context and to the host, so an agent under test calling the same host
 * elsewhere, or any other host, is still refused.
 * @example
 * const answer = await withModelHostEgress('api.openai.com', () => fetch(bypass(request)))
 */
export function withModelHostEgress<T>(host: string, call: () => Promise<T>): Promise<T> {
  return egress.run(host.replace(/^\[|\]$/g, '').toLowerCase(), call)
}

/** Whether the current async context may connect to `host` (see `withModelHostEgress`). */
export function modelHostEgressAllows(host: string): boolean {
  const allowed = egress.getStore()
  return allowed !== undefined && allowed === host.replace(/^\[|\]$/g, '').toLowerCase()
}
