import type { HttpMethod, ToolDefinition } from '../schema/twin-document.ts'
import { DuplicateToolRouteError } from './errors.ts'

/** One tool's place on the twin's HTTP surface. */
export interface ToolRoute {
  tool: ToolDefinition
  method: HttpMethod
  /** The declared path, e.g. `/orders/:order_id`. */
  path: string
  /** The full URL pattern, e.g. `https://shop.test/orders/:order_id`. */
  url: string
  /** Path segments; `:name` segments capture an argument. */
  segments: string[]
}

/** A twin's HTTP surface: where it lives and which tool answers what. */
export interface TwinRoutes {
  twin: string
  /** `https://shop.test`, lower-cased, default port dropped. */
  origin: string
  /** The base URL's path without a trailing slash, `''` for the root. */
  basePath: string
  routes: ToolRoute[]
}

/** What a request to a twin's base URL resolves to. */
export type RouteMatch =
  | { kind: 'tool'; route: ToolRoute; params: Record<string, string> }
  /** The path belongs to a tool, the method does not. */
  | { kind: 'wrong-method'; allowed: HttpMethod[] }
  | { kind: 'unknown' }

/** Default surface of a tool without `http`: `POST {baseUrl}/tools/{name}`. */
export function defaultToolHttp(tool: ToolDefinition): { method: HttpMethod; path: string } {
  return tool.http ?? { method: 'POST', path: `/tools/${encodeURIComponent(tool.name)}` }
}

function splitPath(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  return trimmed.split('/').slice(1)
}

/**
 * Maps a twin's tools to HTTP routes under its base URL.
 *
 * @example
 * const surface = twinRoutes(twin)
 * const match = matchRoute(surface, 'GET', new URL('https://shop.test/orders/ORD-1'))
 * // { kind: 'tool', route: { tool: lookup_order, ... }, params: { order_id: 'ORD-1' } }
 */
export function twinRoutes(twin: {
  name: string
  baseUrl: string
  tools: readonly ToolDefinition[]
}): TwinRoutes {
  const base = new URL(twin.baseUrl)
  const basePath = base.pathname.replace(/\/+$/, '')
  const seen = new Map<string, string>()
  const routes = twin.tools.map((tool): ToolRoute => {
    const { method, path } = defaultToolHttp(tool)
    const segments = splitPath(path)
    const shape = `${method} /${segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/')}`
    const first = seen.get(shape)
    if (first !== undefined)
      throw new DuplicateToolRouteError(twin.name, `${method} ${path}`, first, tool.name)
    seen.set(shape, tool.name)
    return { tool, method, path, url: `${base.origin}${basePath}${path}`, segments }
  })
  return { twin: twin.name, origin: base.origin, basePath, routes }
}

/** Whether a URL lies under the twin's base URL (same origin, path at or below the base path). */
export function ownsUrl(surface: TwinRoutes, url: URL): boolean {
  if (url.origin !== surface.origin) return false
  const { basePath } = surface
  return basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)
}

function matchSegments(route: ToolRoute, actual: string[]): Record<string, string> | undefined {
  if (route.segments.length !== actual.length) return undefined
  const params: Record<string, string> = {}
  for (const [index, expected] of route.segments.entries()) {
    const value = actual[index]!
    if (expected.startsWith(':')) {
      if (value === '') return undefined
      try {
        params[expected.slice(1)] = decodeURIComponent(value)
      } catch {
        // A malformed escape cannot name an argument; the route does not match.
        return undefined
      }
    } else if (value !== expected) {
      return undefined
    }
  }
  return params
}

/**
 * Finds the tool that answers `method url`, for a URL the twin owns. A
 * literal segment beats a `:param` one (`/orders/summary` before `/orders/:id`).
 */
export function matchRoute(surface: TwinRoutes, method: string, url: URL): RouteMatch {
  const actual = splitPath(url.pathname.slice(surface.basePath.length) || '/')
  const allowed: HttpMethod[] = []
  let best: { route: ToolRoute; params: Record<string, string>; captured: number } | undefined
  for (const route of surface.routes) {
    const params = matchSegments(route, actual)
    if (params === undefined) continue
    if (route.method !== method.toUpperCase()) {
      allowed.push(route.method)
      continue
    }
    const captured = Object.keys(params).length
    if (best === undefined || captured < best.captured) best = { route, params, captured }
  }
  if (best) return { kind: 'tool', route: best.route, params: best.params }
  return allowed.length > 0 ? { kind: 'wrong-method', allowed } : { kind: 'unknown' }
}

/** Every tool as `METHOD URL`, the way the 404 and 405 answers list them. */
export function describeRoutes(
  surface: TwinRoutes,
): Array<{ tool: string; method: string; url: string }> {
  return surface.routes.map((route) => ({
    tool: route.tool.name,
    method: route.method,
    url: route.url,
  }))
}
