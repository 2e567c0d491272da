/**
 * A handler cannot make msw's `fetch` reject with an error of its choosing
 * without msw printing it as an unhandled exception. What it can do quietly
 * is answer `Response.error()`, which rejects the caller's `fetch` with
 * `TypeError('Failed to fetch', { cause: thatResponse })`. We remember the
 * system error meant for each such response; the interception's `fetch`
 * wrapper turns the rejection into what undici raises for a real failed
 * connection: `TypeError('fetch failed', { cause: systemError })`.
 *
 * Without the wrapper (handlers in someone else's msw server) the caller
 * still gets a network error, and `error.cause.code` still holds the code.
 */
const intended = new WeakMap<Response, Error>()

/** A network-error response that stands for `cause`. */
export function networkErrorResponse(cause: NodeJS.ErrnoException): Response {
  const response = Response.error()
  intended.set(response, cause)
  Object.assign(response, { code: cause.code, errno: cause.errno, syscall: cause.syscall })
  return response
}

/** The undici-shaped error for a `fetch` rejection that stands for a system error, else the error itself. */
export function toFetchFailure(error: unknown): unknown {
  if (!(error instanceof TypeError) || !(error.cause instanceof Response)) return error
  const cause = intended.get(error.cause)
  return cause ? new TypeError('fetch failed', { cause }) : error
}

/**
 * Wraps a `fetch` so its rejections read like undici's.
 *
 * @example
 * globalThis.fetch = withFetchFailures(globalThis.fetch)
 */
export function withFetchFailures(fetchImpl: typeof fetch): typeof fetch {
  return function fetch(input, init) {
    return fetchImpl(input, init).catch((error: unknown) => {
      throw toFetchFailure(error)
    })
  }
}
