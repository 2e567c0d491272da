import type { UnhandledRequest } from './errors.ts'
import type { RoutedTwin } from './twin-handlers.ts'

/**
 * Requests a scope answers itself, before any twin: the traffic of its
 * async context that is not a tool's (a case's model calls, answered from
 * its cassette).
 */
export interface ScopeTraffic {
  /** Whether a request to `url` is one of them. */
  owns(url: URL): boolean
  /** Its answer. */
  answer(request: Request): Promise<Response>
}

/** What a scope is called in a refusal, who takes the requests sent after it ended, and what it answers itself. */
export interface ScopeOptions {
  /** What ended, as a refusal names it: `case refund-happy-path`, `test "refunds once"`. Default `its scope`. */
  label?: string
  /**
   * Offered every request sent from this scope's async context after it
   * ended; return `true` to take it (its case is still being built), `false`
   * to leave it to the enclosing scope or the unscoped list.
   */
  onLate?: (request: UnhandledRequest) => boolean
  /**
   * Requests of this scope's async context (and of the scopes inside it)
   * that it answers itself, before any twin, also once it has ended: the
   * context's own traffic, as a case's model calls are.
   */
  traffic?: ScopeTraffic
}

/** @internal One scope of an interception while it lives, and after (for late requests). */
export interface ScopeState {
  twins: Map<string, RoutedTwin>
  parent: ScopeState | undefined
  unhandled: UnhandledRequest[]
  options: ScopeOptions
  /** `fetch` calls of this context whose request is not yet answered or refused. */
  pending: Set<PendingRequest>
}

/** @internal A `fetch` call on its way through msw, until a twin takes it or the guard refuses it. */
export interface PendingRequest {
  readonly routed: Promise<void>
  route(): void
}

/** @internal A pending request, routed once a twin takes it or the guard refuses it. */
export function pendingRequest(): PendingRequest {
  let route = () => {}
  const routed = new Promise<void>((resolve) => {
    route = resolve
  })
  return { routed, route }
}

/** How long an ended scope waits for a fetch it started and did not await (one that hangs). */
const LATE_GRACE_MS = 1000

/**
 * @internal Waits until the fetches settle, or the grace runs out: a request that still hangs then
 * (a twin holding its answer) is refused as late when it moves, by the guard of the test.
 */
export async function settledOrGrace(pending: readonly PendingRequest[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, LATE_GRACE_MS)
    timer.unref()
  })
  await Promise.race([Promise.all(pending.map((request) => request.routed)), grace])
  clearTimeout(timer)
}

/** Turns of the event loop an ended scope waits for requests its code queued as it ended. */
const LATE_TURNS = 4

/**
 * @internal The timers that keep the event loop alive, as Node counts them (an
 * `unref()`ed timer, such as `AbortSignal.timeout`'s, is not one).
 */
export function liveTimers(): number {
  let count = 0
  for (const resource of process.getActiveResourcesInfo()) if (resource === 'Timeout') count++
  return count
}

/**
 * @internal Lets the event loop turn a few times (timers, then I/O checks), so a request the
 * scope's code queued as it ended (`setTimeout(() => fetch(...))`, a `node:http` or undici
 * request still on its way through the interceptors) reaches the guard while the case that
 * owns it is still being built, and is named as that case's. Counts turns, never time.
 *
 * A timer turn costs a millisecond of wall time, so it is waited for only while more timers
 * are live than when the scope began (`timersBefore`): a timer the scope queued as it ended
 * fires in the first, one queued from that timer in the same turn or the next. The I/O
 * turns cost nothing.
 */
export async function lateTurns(timersBefore: number): Promise<void> {
  for (let turn = 0; turn < LATE_TURNS && liveTimers() > timersBefore; turn++) {
    await new Promise<void>((resolve) => setTimeout(resolve, 0))
  }
  for (let turn = 0; turn < LATE_TURNS; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}
