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

/** The ways to read a whole body; each settles once the body is read, cancelled or failed. */
const WHOLE_BODY_READS = ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'] as const

/**
 * `response`, holding `call` linked until its body has been read to the end,
 * cancelled or failed (an abort while the body streams still reaches the
 * source), or until the response is collected unread. A response without a
 * body releases at once.
 *
 * The same response object comes back: its whole-body reads (`json()`,
 * `text()`, …) release when they settle, and its `body`, read as a stream,
 * is one that releases at its end. It gets them by a prototype made once per
 * response class, not as properties of its own: defining seven properties on
 * every answer cost a call more than the twin's own work did, and wrapping
 * it in a new stream and `Response` more still.
 */
export function releaseAfterBody(response: Response, call: CallSignal): Response {
  if (response.body === null || response.bodyUsed) {
    call.release()
    return response
  }
  held.set(response, call)
  Object.setPrototypeOf(response, releasingPrototype(Object.getPrototypeOf(response) as Response))
  unread.register(response, call.release, call)
  return response
}

/** The call each response returned by `releaseAfterBody` holds. */
const held = new WeakMap<Response, CallSignal>()
/** Each such response's `body` once asked for: one releasing stream, the same on every read. */
const bodies = new WeakMap<Response, ReadableStream<Uint8Array>>()
/** One releasing prototype per response class (`Response`, msw's subclass). */
const prototypes = new WeakMap<Response, Response>()

function releasingPrototype(base: Response): Response {
  let prototype = prototypes.get(base)
  if (prototype) return prototype
  prototype = Object.create(base) as Response
  for (const name of WHOLE_BODY_READS) {
    const read = base[name] as (this: Response) => Promise<unknown>
    Object.defineProperty(prototype, name, {
      configurable: true,
      writable: true,
      value: function readWhole(this: Response) {
        const reading = read.call(this)
        const call = held.get(this)
        if (!call) return reading
        return reading.then(
          (value) => {
            call.release()
            return value
          },
          (error: unknown) => {
            call.release()
            throw error
          },
        )
      },
    })
  }
  Object.defineProperty(prototype, 'body', {
    configurable: true,
    get(this: Response) {
      const call = held.get(this)
      if (!call) return nativeBody.call(this)
      let stream = bodies.get(this)
      if (!stream) {
        stream = releasingStream(() => nativeBody.call(this)!, call)
        bodies.set(this, stream)
      }
      return stream
    },
  })
  prototypes.set(base, prototype)
  return prototype
}

/** `Response`'s own `body` getter: the body as it is now (a `clone()` replaces it with a branch). */
const nativeBody = Object.getOwnPropertyDescriptor(Response.prototype, 'body')!.get as (
  this: Response,
) => ReadableStream<Uint8Array> | null

/**
 * The response's body read through: `call` is released at its end, when it is
 * cancelled or when it fails. The body is taken and locked on the first read
 * only, so a caller that looks at `response.body` and then calls `json()`
 * (or `clone()`) still can.
 */
function releasingStream(
  source: () => ReadableStream<Uint8Array>,
  call: CallSignal,
): ReadableStream<Uint8Array> {
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          reader ??= source().getReader()
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
        ;(reader ?? source()).cancel(reason).catch(() => {})
      },
    },
    // Read from the source only as the caller reads, as the original body would be.
    { highWaterMark: 0 },
  )
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
