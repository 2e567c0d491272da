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
  answer(target: InspectionTarget, url: URL): JsonValue | Response
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
    description:
      'every call the twin recorded, in order (?offset=N&limit=N for a page; X-Total-Count gives the number)',
    answer: (target, url) => recordsPage(target, url),
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
  const answer = endpoint.answer(target, new URL(request.url))
  return answer instanceof Response ? answer : Response.json(answer)
}

/**
 * The records as a JSON array streamed one record at a time, so a long run
 * is never rendered into one string; `offset` and `limit` select a page.
 */
function recordsPage(target: InspectionTarget, url: URL): Response {
  const records = target.current().records()
  const offset = whole(url.searchParams.get('offset'), 0)
  const limit = whole(url.searchParams.get('limit'), records.length)
  if (offset === undefined || limit === undefined) {
    return Response.json(
      {
        error: 'invalid_page',
        message: `offset and limit must be whole numbers of at least 0, not ${url.search}.`,
        fix: `Ask for e.g. ${INSPECTION_PATH}/records?offset=0&limit=100.`,
      },
      { status: 400 },
    )
  }
  const page = records.slice(offset, offset + limit)
  const encoder = new TextEncoder()
  let index = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index >= page.length) {
        controller.enqueue(encoder.encode(index === 0 ? '[]' : ']'))
        controller.close()
        return
      }
      const prefix = index === 0 ? '[' : ','
      controller.enqueue(encoder.encode(prefix + JSON.stringify(page[index])))
      index++
    },
  })
  return new Response(body, {
    headers: { 'content-type': 'application/json', 'x-total-count': String(records.length) },
  })
}

function whole(text: string | null, fallback: number): number | undefined {
  if (text === null) return fallback
  const value = Number(text)
  return /^\d+$/.test(text) && Number.isSafeInteger(value) ? value : undefined
}
