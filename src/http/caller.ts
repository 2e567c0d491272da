import { ClientRequest } from 'node:http'
import { getRawRequest } from '@mswjs/interceptors'

/**
 * The `node:http` / `node:https` request behind an intercepted request, or
 * `undefined` for `fetch`. The two clients fail differently, so rendering
 * a failure needs to know which one is waiting.
 */
export function nodeClientRequest(request: Request): ClientRequest | undefined {
  const raw = getRawRequest(request)
  return raw instanceof ClientRequest ? raw : undefined
}

/** How a wait ended: its time ran out, the caller gave up, or the interception let go of it. */
export type WaitEnd = 'elapsed' | 'caller-gone' | 'released'

/**
 * Waits `ms` (or, without `ms`, for as long as the caller waits), ending early
 * when the caller gives up (its AbortSignal fires, or its `node:http` request
 * is destroyed) or `lifetime` aborts. Every timer and listener is removed
 * when it ends, so an abandoned request leaves nothing behind.
 *
 * @example
 * if ((await waitForCaller(request, { ms: 250 })) !== 'elapsed') return nobodyListens()
 */
export function waitForCaller(
  request: Request,
  options: { ms?: number; lifetime?: AbortSignal } = {},
): Promise<WaitEnd> {
  const { ms, lifetime } = options
  const client = nodeClientRequest(request)
  if (request.signal.aborted || client?.destroyed) return Promise.resolve('caller-gone')
  if (lifetime?.aborted) return Promise.resolve('released')
  return new Promise<WaitEnd>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const onCallerGone = () => finish('caller-gone')
    const onRelease = () => finish('released')
    function finish(end: WaitEnd) {
      if (timer !== undefined) clearTimeout(timer)
      request.signal.removeEventListener('abort', onCallerGone)
      client?.off('close', onCallerGone)
      lifetime?.removeEventListener('abort', onRelease)
      resolve(end)
    }
    request.signal.addEventListener('abort', onCallerGone, { once: true })
    client?.once('close', onCallerGone)
    lifetime?.addEventListener('abort', onRelease, { once: true })
    if (ms !== undefined) timer = setTimeout(() => finish('elapsed'), ms)
  })
}
