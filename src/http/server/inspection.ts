import type { JsonValue } from '../../core/json.ts'
import type { Twin } from '../../twin/types.ts'

/** Where a served twin can be inspected; outside any tool's path. */
export const INSPECTION_PATH = '/__agenttwin'

/** What the inspection endpoints read and do. */
export interface InspectionTarget {
  /** The twin answering now (a reset replaces it). */
  current(): Twin
  url: string
  tools: Array<{ tool: string; method: string; url: string }>
  reset(): void
}

interface Endpoint {
  method: 'GET' | 'POST'
  description: string
  answer(target: InspectionTarget): JsonValue
}

const ENDPOINTS: Record<string, Endpoint> = {
  '': {
    method: 'GET',
    description: 'the twin, its tools and these endpoints',
    answer: (target) => {
      const twin = target.current()
      return {
        twin: { name: twin.name, version: twin.definition.metadata.version },
        url: target.url,
        tools: target.tools,
        endpoints: endpointList(),
      }
    },
  },
  '/records': {
    method: 'GET',
    description: 'every call the twin recorded, in order',
    answer: (target) => target.current().records() as unknown as JsonValue,
  },
  '/state': {
    method: 'GET',
    description: "the twin's current state",
    answer: (target) => target.current().state(),
  },
  '/reset': {
    method: 'POST',
    description: 'start over: initial state, no records, fault counters from zero',
    answer: (target) => {
      target.reset()
      return { reset: true }
    },
  },
}

function endpointList(): string[] {
  return Object.entries(ENDPOINTS).map(
    ([path, endpoint]) => `${endpoint.method} ${INSPECTION_PATH}${path}: ${endpoint.description}`,
  )
}

/** Whether a path belongs to the inspection endpoints rather than to the twin's tools. */
export function isInspectionPath(pathname: string): boolean {
  return pathname === INSPECTION_PATH || pathname.startsWith(`${INSPECTION_PATH}/`)
}

/**
 * Answers `GET /__agenttwin/records`, `GET /__agenttwin/state`,
 * `POST /__agenttwin/reset` and `GET /__agenttwin`. Nothing here is recorded:
 * these are requests about the twin, not calls of its tools.
 */
export function answerInspection(request: Request, target: InspectionTarget): Response {
  const path = new URL(request.url).pathname.slice(INSPECTION_PATH.length).replace(/\/$/, '')
  const endpoint = ENDPOINTS[path]
  if (!endpoint) {
    return Response.json(
      {
        error: 'unknown_inspection_endpoint',
        message: `${request.method} ${request.url} is not an inspection endpoint.`,
        fix: 'Use one of "endpoints".',
        endpoints: endpointList(),
      },
      { status: 404 },
    )
  }
  if (request.method !== endpoint.method) {
    return Response.json(
      {
        error: 'method_not_allowed',
        message: `${INSPECTION_PATH}${path} takes ${endpoint.method}, not ${request.method}.`,
        fix: `Send ${endpoint.method} ${INSPECTION_PATH}${path}.`,
      },
      { status: 405, headers: { allow: endpoint.method } },
    )
  }
  return Response.json(endpoint.answer(target))
}
