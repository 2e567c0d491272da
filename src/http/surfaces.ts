import type { Twin } from '../twin/types.ts'

/**
 * Another protocol a twin speaks under its base URL (MCP's Streamable HTTP,
 * for one): answers the requests it owns, `undefined` for the rest, which
 * then go to the twin's tool routes.
 */
export type TwinSurface = (
  request: Request,
  twin: Twin,
  lifetime?: AbortSignal,
) => Promise<Response> | undefined

const attached = new WeakMap<Twin, TwinSurface[]>()

/**
 * Serves `surface` wherever `twin` is served by an interception. Returns the
 * function that detaches it again (safe twice).
 *
 * @example
 * const detach = attachSurface(twin, (request) => request.url.endsWith('/mcp') ? answer(request) : undefined)
 */
export function attachSurface(twin: Twin, surface: TwinSurface): () => void {
  const list = attached.get(twin) ?? []
  list.push(surface)
  attached.set(twin, list)
  return () => {
    const at = list.indexOf(surface)
    if (at >= 0) list.splice(at, 1)
  }
}

/** The first answer of the surfaces attached to `twin` (or given), if one owns the request. */
export function answerSurfaces(
  twin: Twin,
  request: Request,
  lifetime?: AbortSignal,
  extra: readonly TwinSurface[] = [],
): Promise<Response> | undefined {
  for (const surface of [...(attached.get(twin) ?? []), ...extra]) {
    const answer = surface(request, twin, lifetime)
    if (answer) return answer
  }
  return undefined
}
