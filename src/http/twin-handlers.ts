import { type HttpHandler, HttpResponse, http } from 'msw'
import type { JsonValue } from '../core/json.ts'
import type { ToolDefinition } from '../schema/twin-document.ts'
import { answerCall } from '../twin/create-twin.ts'
import type { Twin } from '../twin/types.ts'
import { type RequestProblem, readToolCall } from './arguments.ts'
import { encodeView } from './encode-view.ts'
import { describeRoutes, matchRoute, ownsUrl, type TwinRoutes, twinRoutes } from './routes.ts'
import { answerSurfaces } from './surfaces.ts'

/** A twin with its HTTP surface worked out once. */
export interface RoutedTwin {
  twin: Twin
  surface: TwinRoutes
}

/** Works out a twin's HTTP surface; throws `DuplicateToolRouteError` when two tools share a route. */
export function routeTwin(twin: Twin): RoutedTwin {
  return { twin, surface: surfaceOf(twin) }
}

/**
 * Surfaces of frozen tool lists, by twin name and base URL: each case makes
 * a twin of the same shared document, whose routes never change.
 */
const surfaces = new WeakMap<readonly ToolDefinition[], Map<string, TwinRoutes>>()

function surfaceOf(twin: Twin): TwinRoutes {
  const { tools } = twin
  if (!Object.isFrozen(tools)) return twinRoutes(twin)
  let byTwin = surfaces.get(tools)
  if (!byTwin) {
    byTwin = new Map()
    surfaces.set(tools, byTwin)
  }
  const key = `${twin.name}\n${twin.baseUrl}`
  let surface = byTwin.get(key)
  if (!surface) {
    surface = twinRoutes(twin)
    byTwin.set(key, surface)
  }
  return surface
}

function jsonAnswer(
  status: number,
  body: JsonValue,
  headers: Record<string, string> = {},
): Response {
  return HttpResponse.json(body, { status, headers })
}

function badRequest(problem: RequestProblem): Response {
  return jsonAnswer(problem.code === 'BODY_TOO_LARGE' ? 413 : 400, {
    error: problem.code.toLowerCase(),
    message: problem.message,
    fix: problem.fix,
  })
}

function unknownRoute(surface: TwinRoutes, request: Request, allowed?: string[]): Response {
  const where = `${request.method} ${request.url}`
  const tools = describeRoutes(surface)
  if (allowed) {
    return jsonAnswer(
      405,
      {
        error: 'method_not_allowed',
        message: `No tool of twin "${surface.twin}" answers ${where}; that path takes ${allowed.join(', ')}.`,
        fix: 'Call the tool with the method it declares (see "tools").',
        tools,
      },
      { allow: allowed.join(', ') },
    )
  }
  return jsonAnswer(404, {
    error: 'unknown_tool_route',
    message: `No tool of twin "${surface.twin}" answers ${where}.`,
    fix: 'Call one of the tools listed in "tools", with its method and URL.',
    tools,
  })
}

/**
 * Answers one request under a twin's base URL: routes it to a tool, reads
 * the call, lets the twin handle (and record) it, and renders the caller view.
 *
 * Requests refused before they reach a tool (unknown path, wrong method,
 * a body that is not a JSON object, a bad attempt header) are answered here
 * and are not recorded: the twin records calls of its tools, and these never
 * became one, just as a real API gateway rejects them before any handler runs.
 *
 * @example
 * const routed = routeTwin(twin)
 * const response = await answerTwinRequest(routed, request)
 */
export async function answerTwinRequest(
  routed: RoutedTwin,
  request: Request,
  lifetime?: AbortSignal,
): Promise<Response> {
  const { twin, surface } = routed
  const other = answerSurfaces(twin, request, lifetime)
  if (other) return other
  const match = matchRoute(surface, request.method, new URL(request.url))
  if (match.kind === 'unknown') return unknownRoute(surface, request)
  if (match.kind === 'wrong-method') return unknownRoute(surface, request, match.allowed)
  const read = await readToolCall(request, match.route, match.params)
  if (!read.ok) return badRequest(read.problem)
  const tool = match.route.tool.name
  const view = answerCall(twin, { tool, args: read.args, attempt: read.attempt })
  return encodeView(view, { request, tool, lifetime })
}

/**
 * msw request handlers that serve a twin at its base URL, for use in your own
 * msw server. Every tool answers at its `http` method and path (default
 * `POST {baseUrl}/tools/{name}`); any other path under the base URL gets a
 * 404 listing the tools. Prefer `createInterception()`, which also blocks
 * every request no twin handles and gives `fetch` failures undici's exact shape.
 *
 * @example
 * import { setupServer } from 'msw/node'
 * const server = setupServer(...twinHandlers(twin))
 * server.listen({ onUnhandledRequest: 'error' })
 */
export function twinHandlers(twin: Twin): HttpHandler[] {
  const routed = routeTwin(twin)
  return [
    http.all(
      ({ request }) => ownsUrl(routed.surface, new URL(request.url)),
      ({ request }) => answerTwinRequest(routed, request),
    ),
  ]
}
