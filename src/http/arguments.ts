import { nestsDeeperThan } from '../core/depth.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'
import { LimitExceededError, resourceLimit } from '../core/limits.ts'
import { argumentSchema, coerceArgument } from './coerce.ts'
import type { ToolRoute } from './routes.ts'

/** The header that carries the caller's attempt number (1 = first try). */
export const ATTEMPT_HEADER = 'x-agenttwin-attempt'

/** A request the transport refuses before it reaches a tool, as a readable 400 body. */
export interface RequestProblem {
  code:
    | 'INVALID_JSON_BODY'
    | 'BODY_NOT_AN_OBJECT'
    | 'BODY_TOO_DEEP'
    | 'BODY_TOO_LARGE'
    | 'ARGUMENT_CONFLICT'
    | 'INVALID_ATTEMPT_HEADER'
  message: string
  fix: string
}

export type ReadCall =
  | { ok: true; args: JsonObject; attempt: number }
  | { ok: false; problem: RequestProblem }

function readAttempt(request: Request): number | RequestProblem {
  const header = request.headers.get(ATTEMPT_HEADER)
  if (header === null) return 1
  const text = header.trim()
  const attempt = Number(text)
  if (/^\d+$/.test(text) && Number.isSafeInteger(attempt) && attempt >= 1) return attempt
  return {
    code: 'INVALID_ATTEMPT_HEADER',
    message: `Header ${ATTEMPT_HEADER} is "${header}", not an integer of at least 1.`,
    fix: `Send ${ATTEMPT_HEADER}: 1 on the first try and count up on each retry, or leave the header out.`,
  }
}

function queryArguments(route: ToolRoute, url: URL): JsonObject {
  const args: JsonObject = {}
  for (const name of new Set(url.searchParams.keys())) {
    args[name] = coerceArgument(
      argumentSchema(route.tool.input, name),
      url.searchParams.getAll(name),
    )
  }
  return args
}

type Step = { args: JsonObject } | { problem: RequestProblem }

async function bodyArguments(route: ToolRoute, request: Request): Promise<Step> {
  const text = await request.text()
  const maxBytes = resourceLimit('requestBodyBytes')
  const bytes = text.length * 3 > maxBytes ? Buffer.byteLength(text) : text.length
  if (bytes > maxBytes) {
    const error = new LimitExceededError(
      'requestBodyBytes',
      `The body of ${route.method} ${route.url}`,
      bytes,
      maxBytes,
    )
    return { problem: { code: 'BODY_TOO_LARGE', message: error.problem, fix: error.fix } }
  }
  if (text.trim() === '') return { args: {} }
  let body: JsonValue
  try {
    body = JSON.parse(text) as JsonValue
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return {
      problem: {
        code: 'INVALID_JSON_BODY',
        message: `The body of ${route.method} ${route.url} is not JSON (${reason}).`,
        fix: `Send the arguments of tool "${route.tool.name}" as a JSON object, e.g. {"order_id": "ORD-1001"}, with content-type: application/json.`,
      },
    }
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const kind = body === null ? 'null' : Array.isArray(body) ? 'an array' : `a ${typeof body}`
    return {
      problem: {
        code: 'BODY_NOT_AN_OBJECT',
        message: `The body of ${route.method} ${route.url} is JSON but ${kind}, not an object of arguments.`,
        fix: `Send the arguments of tool "${route.tool.name}" as one JSON object keyed by argument name.`,
      },
    }
  }
  const maxDepth = resourceLimit('depth')
  if (nestsDeeperThan(body, maxDepth)) {
    return {
      problem: {
        code: 'BODY_TOO_DEEP',
        message: `The body of ${route.method} ${route.url} nests more than ${maxDepth} levels deep (raise AGENTTWIN_MAX_DEPTH if it must).`,
        fix: `Send the arguments of tool "${route.tool.name}" as a flat JSON object; no tool argument needs that much nesting.`,
      },
    }
  }
  return { args: body }
}

function withPathParams(route: ToolRoute, args: JsonObject, params: Record<string, string>): Step {
  const merged: JsonObject = { ...args }
  for (const [name, text] of Object.entries(params)) {
    const value = coerceArgument(argumentSchema(route.tool.input, name), [text])
    if (Object.hasOwn(args, name) && JSON.stringify(args[name]) !== JSON.stringify(value)) {
      return {
        problem: {
          code: 'ARGUMENT_CONFLICT',
          message: `Argument "${name}" is ${JSON.stringify(value)} in the path but ${JSON.stringify(args[name])} in the request.`,
          fix: `Send "${name}" once, in the path ${route.path}, or make both values the same.`,
        },
      }
    }
    merged[name] = value
  }
  return { args: merged }
}

/**
 * Reads a tool call from an HTTP request: GET arguments from the query string
 * (typed by the tool's input schema), other methods from a JSON object body;
 * path parameters (`/orders/:order_id`) join them; the attempt comes from
 * the `x-agenttwin-attempt` header (default 1).
 *
 * @example
 * const read = await readToolCall(request, route, { order_id: 'ORD-1001' })
 * if (read.ok) twin.call({ tool: route.tool.name, args: read.args, attempt: read.attempt })
 */
export async function readToolCall(
  request: Request,
  route: ToolRoute,
  params: Record<string, string>,
): Promise<ReadCall> {
  const attempt = readAttempt(request)
  if (typeof attempt !== 'number') return { ok: false, problem: attempt }
  const read: Step =
    route.method === 'GET'
      ? { args: queryArguments(route, new URL(request.url)) }
      : await bodyArguments(route, request)
  if ('problem' in read) return { ok: false, problem: read.problem }
  const merged = withPathParams(route, read.args, params)
  if ('problem' in merged) return { ok: false, problem: merged.problem }
  return { ok: true, args: merged.args, attempt }
}
