import { AsyncLocalStorage } from 'node:async_hooks'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { type CallSignal, followSignal } from './call-signal.ts'
import { modelHostEgressAllows } from './egress.ts'
import { toFetchFailure } from './fetch-failure.ts'

/**
 * The global dispatcher slots: Node's bundled undici (its `fetch`) and the
 * undici package (`request`, `fetch`, `stream`, `pipeline`, and every client
 * that uses the default dispatcher) both read `.1`; undici 7 also writes `.2`.
 */
const SLOTS = [Symbol.for('undici.globalDispatcher.1'), Symbol.for('undici.globalDispatcher.2')]

/** What undici hands a dispatcher: the subset we read. */
export interface DispatchOptions {
  origin?: string | URL
  path: string
  method: string
  headers?: unknown
  body?: unknown
  signal?: AbortSignal | { addEventListener?: unknown } | null
  /** `websocket` for a WebSocket handshake. */
  upgrade?: string | null
}

/** What the dispatcher needs from the interception. */
export interface UndiciDispatcherOptions {
  /** The interception's fetch: twins, faults and the guard apply exactly as for `globalThis.fetch`. */
  fetch: typeof fetch
  /** The error a WebSocket handshake to `url` (ws:// or wss://) is refused with, or `undefined` to let it through. */
  refuseUpgrade(url: string): Error | undefined
}

/** Either handler generation undici uses: legacy `onConnect/onHeaders/...` or v7 `onRequestStart/...`. */
type Handler = Record<string, ((...args: unknown[]) => unknown) | undefined>

interface Dispatcher {
  dispatch(options: DispatchOptions, handler: Handler): boolean
  close?(): Promise<void>
  destroy?(): Promise<void>
}

const inside = new AsyncLocalStorage<'undici'>()

/** `undici` while a dispatch of ours is being served (the guard names the client in its refusal). */
export function dispatchingClient(): 'undici' | undefined {
  return inside.getStore()
}

function headerList(headers: unknown): [string, string][] {
  if (!headers) return []
  if (Array.isArray(headers)) {
    const list: [string, string][] = []
    if (Array.isArray(headers[0])) {
      for (const [name, value] of headers as [string, string][]) list.push([name, String(value)])
      return list
    }
    for (let i = 0; i + 1 < headers.length; i += 2)
      list.push([String(headers[i]), String(headers[i + 1])])
    return list
  }
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') {
    return [...(headers as Iterable<[string, string]>)].map(([n, v]) => [n, String(v)])
  }
  return Object.entries(headers as Record<string, unknown>).flatMap(([name, value]) =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value.map((v): [string, string] => [name, String(v)])
        : [[name, String(value)]],
  )
}

async function bodyBytes(body: unknown): Promise<Uint8Array | undefined> {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') return new TextEncoder().encode(body)
  if (body instanceof Uint8Array) return body
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
    const chunks: Uint8Array[] = []
    for await (const chunk of body as AsyncIterable<unknown>) {
      chunks.push(
        typeof chunk === 'string' ? new TextEncoder().encode(chunk) : (chunk as Uint8Array),
      )
    }
    return Buffer.concat(chunks)
  }
  return new TextEncoder().encode(String(body))
}

/** The errno-shaped error undici itself raises (a `fetch` rejection unwrapped to its cause). */
function systemError(error: unknown): Error {
  const failure = toFetchFailure(error)
  if (failure instanceof TypeError && failure.cause instanceof Error) return failure.cause
  return failure instanceof Error ? failure : new Error(String(failure))
}

/**
 * Serves one undici dispatch through `fetchImpl` (the interception's fetch,
 * so twins, faults and the guard apply exactly as for `globalThis.fetch`),
 * and streams the answer to the handler in whichever API generation it speaks.
 */
async function serve(
  fetchImpl: typeof fetch,
  options: DispatchOptions,
  handler: Handler,
): Promise<void> {
  const modern = typeof handler.onRequestStart === 'function'
  // The caller's signal is linked only while this dispatch runs (see call-signal.ts).
  let call: CallSignal | undefined
  let aborted: Error | undefined
  const controller = {
    abort(reason?: unknown) {
      aborted = reason instanceof Error ? reason : new Error('aborted')
    },
    pause() {},
    resume() {},
    get aborted() {
      return aborted !== undefined
    },
    get paused() {
      return false
    },
    reason: null,
  }
  const fail = (error: Error) => {
    if (modern) handler.onResponseError?.(controller, error)
    else handler.onError?.(error)
  }
  try {
    if (modern) handler.onRequestStart?.(controller, {})
    else handler.onConnect?.((reason?: unknown) => controller.abort(reason), {})
    if (aborted) return fail(aborted)
    const url = new URL(options.path, options.origin)
    const method = options.method.toUpperCase()
    const body = method === 'GET' || method === 'HEAD' ? undefined : await bodyBytes(options.body)
    const headers = new Headers()
    for (const [name, value] of headerList(options.headers)) headers.append(name, value)
    call = options.signal instanceof AbortSignal ? followSignal(options.signal) : undefined
    const signal = call?.signal
    const response = await fetchImpl(url, {
      method,
      headers,
      redirect: 'manual',
      ...(body ? { body: body as unknown as BodyInit } : {}),
      ...(signal ? { signal } : {}),
    })
    const pairs: [string, string][] = []
    response.headers.forEach((value, name) => {
      pairs.push([name, value])
    })
    if (modern) {
      handler.onResponseStart?.(
        controller,
        response.status,
        Object.fromEntries(pairs),
        response.statusText,
      )
    } else {
      const raw = pairs.flatMap(([name, value]) => [Buffer.from(name), Buffer.from(value)])
      handler.onHeaders?.(response.status, raw, () => {}, response.statusText)
    }
    if (response.body) {
      const reader = response.body.getReader()
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        const chunk = next.value
        if (aborted) return fail(aborted)
        if (modern) handler.onResponseData?.(controller, Buffer.from(chunk))
        else handler.onData?.(Buffer.from(chunk))
      }
    }
    if (aborted) return fail(aborted)
    if (modern) handler.onResponseEnd?.(controller, {})
    else handler.onComplete?.([])
  } catch (error) {
    fail(aborted ?? systemError(error))
  } finally {
    call?.release()
  }
}

/** The host a dispatch goes to, or '' when its origin is not a URL. */
function originHost(options: { origin?: unknown }): string {
  try {
    return new URL(String(options.origin)).hostname
  } catch {
    return ''
  }
}

/**
 * Puts a dispatcher of ours in undici's global slots, so Node's `fetch`
 * (also one captured before the interception started, which would otherwise
 * keep its own keep-alive sockets) and the undici package's `request`,
 * `fetch`, `stream` and `pipeline` reach the twins in-process instead of a
 * socket. A request the twins let pass (a loopback server the test allowed)
 * goes on through the dispatcher that was there before.
 *
 * Returns the function that puts the previous dispatcher back.
 *
 * @example
 * const restore = installUndiciDispatcher({ fetch: interceptedFetch, refuseUpgrade: () => undefined })
 * await undici.request('https://shop.test/orders') // answered by the shop twin
 * restore()
 */
export function installUndiciDispatcher(dispatcherOptions: UndiciDispatcherOptions): () => void {
  const fetchImpl = dispatcherOptions.fetch
  // Touching fetch makes Node load its bundled undici, which fills slot .1.
  void globalThis.fetch
  const slots = globalThis as unknown as Record<symbol, Dispatcher | undefined>
  const previous = SLOTS.map((slot) => slots[slot])
  const fallback = previous[0]
  /** Serves one dispatch from the twins, or hands it to `next` (a passthrough, an allowed host). */
  function intercept(
    options: DispatchOptions,
    handler: Handler,
    next: ((options: DispatchOptions, handler: Handler) => boolean) | undefined,
  ): boolean {
    // Our own passthrough, or a live call to a configured model host (see egress.ts), goes on as before.
    if ((inside.getStore() || modelHostEgressAllows(originHost(options))) && next)
      return next(options, handler)
    if (options.upgrade) {
      const url = new URL(options.path, options.origin)
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
      const refused = dispatcherOptions.refuseUpgrade(url.href)
      if (!refused && next) return next(options, handler)
      const error = refused ?? new Error(`WebSocket ${url.href} has no dispatcher to go through`)
      queueMicrotask(() => {
        if (typeof handler.onResponseError === 'function') handler.onResponseError(null, error)
        else handler.onError?.(error)
      })
      return true
    }
    void inside.run('undici', () => serve(fetchImpl, options, handler))
    return true
  }
  const removeClassPatch = patchUndiciClients(intercept)
  const ours: Dispatcher = {
    dispatch: (options, handler) =>
      intercept(options, handler, fallback && ((o, h) => fallback.dispatch(o, h))),
    close: async () => {},
    destroy: async () => {},
  }
  for (const slot of SLOTS) {
    Object.defineProperty(globalThis, slot, {
      value: ours,
      writable: true,
      enumerable: false,
      configurable: false,
    })
  }
  return () => {
    removeClassPatch()
    SLOTS.forEach((slot, index) => {
      if (slots[slot] === ours) slots[slot] = previous[index]
    })
  }
}

type Intercept = (
  options: DispatchOptions,
  handler: Handler,
  next: ((options: DispatchOptions, handler: Handler) => boolean) | undefined,
) => boolean

/**
 * The undici package's own `Agent`, `Pool`, `Client` (and every dispatcher
 * built on its DispatcherBase) dispatch on their own sockets, not through the
 * global slot: this puts `intercept` in front of their shared `dispatch`, so
 * they reach the twins in-process too. The package is the one the project
 * resolves from the working directory (none installed: nothing to patch).
 */
function patchUndiciClients(intercept: Intercept): () => void {
  const base = dispatcherBase()
  const original = base?.dispatch as Dispatcher['dispatch'] | undefined
  if (!base || typeof original !== 'function') return () => {}
  const patched = function dispatch(this: Dispatcher, options: DispatchOptions, handler: Handler) {
    // A Client or Pool is bound to one origin and leaves it out of each dispatch.
    const origin = options.origin ?? ownOrigin(this)
    const full = origin === undefined ? options : { ...options, origin }
    return intercept(full, handler, (o, h) => original.call(this, o, h))
  }
  base.dispatch = patched
  return () => {
    if (base.dispatch === patched) base.dispatch = original
  }
}

// Where undici keeps the class every Client, Pool and Agent extends (7.x and 6.x, then 5.x).
const BASE_MODULES = ['undici/lib/dispatcher/dispatcher-base.js', 'undici/lib/dispatcher-base.js']

/**
 * The prototype every undici dispatcher the project can load inherits
 * `dispatch` from, or undefined without undici. Only the base class's module
 * is loaded where undici has it: loading all of undici costs a fresh test
 * worker tens of milliseconds, and the agent that imports undici later gets
 * this same module from the require cache, so its clients are patched.
 */
function dispatcherBase(): { dispatch?: unknown } | undefined {
  const load = createRequire(join(process.cwd(), 'noop.js'))
  for (const file of BASE_MODULES) {
    try {
      const loaded = load(file) as { prototype?: { dispatch?: unknown } } | undefined
      if (typeof loaded?.prototype?.dispatch === 'function') return loaded.prototype
    } catch {}
  }
  try {
    const undici = load('undici') as { Client?: { prototype: object } } | undefined
    return undici?.Client ? Object.getPrototypeOf(undici.Client.prototype) : undefined
  } catch {
    return undefined
  }
}

/** The origin a Client or Pool was created for (undici keeps it under a `url` symbol). */
function ownOrigin(dispatcher: object): string | undefined {
  const key = Object.getOwnPropertySymbols(dispatcher).find(
    (symbol) => symbol.description === 'url',
  )
  const url = key ? (dispatcher as Record<symbol, unknown>)[key] : undefined
  return url instanceof URL ? url.origin : undefined
}
