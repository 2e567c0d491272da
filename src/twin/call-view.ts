/** How the record keeps what the caller was shown (the view itself is rendered by `core/render-answer.ts`). */

import type { RecordedFault, RecordedInjection } from '../core/call-record.ts'
import type {
  ActiveFault,
  CallerView,
  DependencyEffect,
  McpCallerKind,
} from '../core/fault-model.ts'
import type { JsonValue } from '../core/json.ts'

/** What the caller saw, as the record keeps it: status (or null) and parsed body (or raw text, or null). */
export function seenByCaller(view: CallerView): { status: number | null; response: JsonValue } {
  if (view.kind !== 'response') return { status: null, response: null }
  return { status: view.status, response: parseBody(view.body) }
}

/**
 * What a caller that reads text (a model, through a tool result or a tool
 * error) is shown of a view: the body, with the retry delay a `retry-after`
 * header asks for, or a sentence for a connection error or a missing answer.
 * @example
 * callerText({ kind: 'connection-error', code: 'ECONNRESET' }) // 'The tool gave a connection error (ECONNRESET).'
 */
export function callerText(view: CallerView): string {
  if (view.kind !== 'response') {
    const what =
      view.kind === 'connection-error' ? `a connection error (${view.code})` : 'no answer'
    return `The tool gave ${what}.`
  }
  const retryAfter = view.headers['retry-after']
  return retryAfter === undefined ? view.body : `${view.body}\nRetry after ${retryAfter} seconds.`
}

/** A body as the record keeps it: parsed JSON, the raw text when it is not JSON, `null` when empty. */
export function parseBody(body: string): JsonValue {
  if (body === '') return null
  try {
    return JSON.parse(body) as JsonValue
  } catch {
    return body
  }
}

/** Why a caller could not read this body, if it could not: cut short, or not JSON. */
function unreadableBody(
  view: Extract<CallerView, { kind: 'response' }>,
): 'truncated' | 'unparseable' | undefined {
  if (view.declaredLength !== undefined) return 'truncated'
  if (view.body === '') return undefined
  try {
    JSON.parse(view.body)
    return undefined
  } catch {
    return 'unparseable'
  }
}

export function recordFault(
  fault: ActiveFault,
  view: CallerView,
  dependency: DependencyEffect = fault.fault.dependency.effect,
  mcp?: McpCallerKind,
): RecordedFault {
  const caller: RecordedFault['caller'] = { kind: view.kind }
  if (mcp !== undefined) caller.mcp = mcp
  if (view.kind === 'response') {
    caller.status = view.status
    const body = unreadableBody(view)
    if (body) caller.body = body
  }
  if (view.kind === 'connection-error') caller.code = view.code
  const injection = recordInjection(fault, view)
  return {
    ruleId: fault.ruleId,
    type: fault.fault.type,
    dependency,
    caller,
    ...(injection && { injection }),
  }
}

/** What an injection planted, and whether the body the caller saw carries it. */
function recordInjection(fault: ActiveFault, view: CallerView): RecordedInjection | undefined {
  const target = fault.fault.injection?.target
  if (target === undefined) return undefined
  const content = typeof fault.params.content === 'string' ? fault.params.content : ''
  const where = target === 'state-field' ? fault.params.statePath : fault.params.path
  const seen = view.kind === 'response' ? parseBody(view.body) : null
  return {
    target,
    path: typeof where === 'string' ? where : '',
    content,
    delivered: content !== '' && carries(seen, content),
  }
}

/** Whether some string in `value` contains `content`. */
function carries(value: JsonValue, content: string): boolean {
  if (typeof value === 'string') return value.includes(content)
  if (Array.isArray(value)) return value.some((entry) => carries(entry, content))
  if (value !== null && typeof value === 'object') {
    return Object.values(value).some((entry) => carries(entry, content))
  }
  return false
}
