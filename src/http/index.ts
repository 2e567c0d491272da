/**
 * `agenttwin/msw`: twins served over intercepted HTTP, and a test network
 * that lets nothing else out.
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
export { ATTEMPT_HEADER, type ReadCall, type RequestProblem, readToolCall } from './arguments.ts'
export { coerceArgument } from './coerce.ts'
export {
  DuplicateToolRouteError,
  describeUnhandled,
  InterceptionActiveError,
  InterceptionDisposedError,
  InvalidCallerViewError,
  type RefusedClient,
  TwinBaseUrlInUseError,
  type UnhandledRequest,
  UnhandledRequestError,
  UnhandledRequestsError,
} from './errors.ts'
export {
  createInterception,
  type Interception,
  type InterceptionOptions,
  type InterceptionScope,
  type InterceptionState,
} from './interception.ts'
export { isLoopbackHost } from './network-guard.ts'
export { type RenderContext, renderView } from './render.ts'
export {
  defaultToolHttp,
  describeRoutes,
  matchRoute,
  ownsUrl,
  type RouteMatch,
  type ToolRoute,
  type TwinRoutes,
  twinRoutes,
} from './routes.ts'
export * from './server/index.ts'
export {
  configureSharedInterception,
  holdInterception,
  type InterceptionHold,
  sharedInterception,
} from './shared-interception.ts'
export { answerSurfaces, attachSurface, type TwinSurface } from './surfaces.ts'
export { type ConnectionErrorCode, systemError } from './system-errors.ts'
export { answerTwinRequest, type RoutedTwin, routeTwin, twinHandlers } from './twin-handlers.ts'
