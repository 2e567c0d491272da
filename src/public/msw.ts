/**
 * `agenttwin/msw`: twins served over intercepted HTTP, and a test network
 * that lets nothing else out. A twin on a real port is `agenttwin/server`.
 *
 * @example
 * import { createInterception } from 'agenttwin/msw'
 * import { createTwin } from 'agenttwin'
 *
 * const network = createInterception()
 * const twin = createTwin(shopDocument)
 * network.use(twin)
 * const res = await fetch('https://shop.test/tools/lookup_order', {
 *   method: 'POST',
 *   body: JSON.stringify({ order_id: 'ORD-1001' }),
 * })
 * twin.records() // the call, as the twin saw it
 * network.assertNoUnhandled()
 * network.dispose()
 */

// The request header by which an agent marks a retry it knows it makes.
export { ATTEMPT_HEADER } from '../http/arguments.ts'
/* Errors */
export {
  DuplicateToolRouteError,
  InterceptionActiveError,
  InterceptionDisposedError,
  InvalidCallerViewError,
  type RefusedClient,
  TwinBaseUrlInUseError,
  type UnhandledRequest,
  UnhandledRequestError,
  UnhandledRequestsError,
} from '../http/errors.ts'
/* The test network */
export {
  createInterception,
  type Interception,
  type InterceptionOptions,
  type InterceptionScope,
  type InterceptionState,
  type ScopeOptions,
  type ScopeTraffic,
} from '../http/interception.ts'
/* Twins as msw handlers, for a project that runs its own msw server */
export { twinHandlers } from '../http/twin-handlers.ts'
