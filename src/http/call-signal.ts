/**
 * Every `Request` undici builds with a signal (msw builds several per call:
 * the request, its clones, the one it passes through) adds an abort listener
 * to that signal and removes it only when the request is garbage collected.
 * An agent that hands one long-lived signal to every `fetch` would collect
 * thousands of them on its signal (`MaxListenersExceededWarning`) and keep
 * every call's requests reachable until a full collection. So each call gets
 * a signal of its own that follows the caller's: the requests hang their
 * listeners on that one, and the single link to the caller's signal is
 * removed as soon as the call is over.
 */

/** A call's own signal, aborted when the caller's is, until `release()`. */
export interface CallSignal {
  readonly signal: AbortSignal
  /** Unlinks from the caller's signal. Safe twice. */
  release(): void
}

/** Links still held by a response nobody read to its end; dropped when that response is collected. */
const unread = new FinalizationRegistry<() => void>((release) => release())

/**
 * A signal that aborts (with the same reason) when `outer` aborts, linked by
 * exactly one listener on `outer` that `release()` removes.
 * @example
 * const call = followSignal(init.signal)
 * try { return await fetch(url, { ...init, signal: call.signal }) } finally { call.release() }
 */
export function followSignal(outer: AbortSignal): CallSignal {
  const own = new AbortController()
  if (outer.aborted) {
    own.abort(outer.reason)
    return { signal: own.signal, release() {} }
  }
  const onAbort = () => own.abort(outer.reason)
  outer.addEventListener('abort', onAbort, { once: true })
  const call: CallSignal = {
    signal: own.signal,
    release() {
      outer.removeEventListener('abort', onAbort)
      unread.unregister(call)
    },
  }
  return call
}

/**
 * `response`, holding `call` linked until its body has been read to the end,
 * cancelled or failed (an abort while the body streams still reaches the
 * source), or until the response is collected unread. A response without a
 * body releases at once.
 */
export function releaseAfterBody(response: Response, call: CallSignal): Response {
  if (response.body === null || response.bodyUsed) {
    call.release()
    return response
  }
  const reader = response.body.getReader()
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await reader.read()
          if (next.done) {
            call.release()
            controller.close()
          } else controller.enqueue(next.value)
        } catch (error) {
          call.release()
          controller.error(error)
        }
      },
      cancel(reason) {
        call.release()
        // Not awaited: a teed source (msw keeps a copy of each answer) may
        // settle its cancel only once the other branch is read or dropped.
        reader.cancel(reason).catch(() => {})
      },
    },
    // Read from the source only as the caller reads, as the original body would be.
    { highWaterMark: 0 },
  )
  const watched = new Response(body, response)
  for (const key of ['url', 'redirected', 'type'] as const) {
    if (watched[key] !== response[key]) {
      Object.defineProperty(watched, key, { value: response[key], enumerable: true })
    }
  }
  unread.register(watched, call.release, call)
  return watched
}

/**
 * Wraps a `fetch` so each call that carries a signal runs on a signal of its
 * own (see `followSignal`), linked to the caller's only while the call lasts.
 * @example
 * globalThis.fetch = withCallSignals(globalThis.fetch)
 */
export function withCallSignals(fetchImpl: typeof fetch): typeof fetch {
  return function fetch(input, init) {
    const outer =
      init?.signal !== undefined ? init.signal : input instanceof Request ? input.signal : undefined
    // No signal, or one undici would refuse anyway: exactly what the caller passed.
    if (!(outer instanceof AbortSignal)) return fetchImpl(input, init)
    const call = followSignal(outer)
    return fetchImpl(input, { ...init, signal: call.signal }).then(
      (response) => releaseAfterBody(response, call),
      (error: unknown) => {
        call.release()
        throw error
      },
    )
  }
}
