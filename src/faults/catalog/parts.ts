/**
 * Building blocks of the catalog entries. What the caller sees is rendered
 * by the one render step (`core/render-answer.ts`); the bodies here follow
 * what real gateways and providers send: a JSON object with `error` (a
 * machine code) and `message` (for people).
 */

import type { FaultType } from '../../core/fault-model.ts'
import type { JsonObject, JsonValue } from '../../core/json.ts'
import { type ResponseView, renderJson } from '../../core/render-answer.ts'

/** The error bodies gateways and servers send for the statuses faults answer with. */
const ERROR_BODIES: Record<number, JsonObject> = {
  500: {
    error: 'internal_server_error',
    message:
      'The server encountered an unexpected condition that prevented it from fulfilling the request.',
  },
  502: {
    error: 'bad_gateway',
    message: 'The upstream server returned an invalid response.',
  },
  503: {
    error: 'service_unavailable',
    message: 'The service is temporarily unavailable. Try again later.',
  },
  504: {
    error: 'gateway_timeout',
    message: 'The upstream server did not respond in time.',
  },
}

/** A JSON error response for a 5xx status, with the body a gateway would send. */
export function serverErrorView(status: number, delayMs?: number): ResponseView {
  const body = ERROR_BODIES[status] ?? {
    error: 'server_error',
    message: `The server answered ${status}.`,
  }
  return renderJson(status, body, {}, delayMs)
}

/** Reads a param the catalog declared; defaults are filled in before `view` runs. */
export function numberParam(params: Record<string, JsonValue>, name: string, fallback: number) {
  const value = params[name]
  return typeof value === 'number' ? value : fallback
}

export function booleanParam(params: Record<string, JsonValue>, name: string, fallback: boolean) {
  const value = params[name]
  return typeof value === 'boolean' ? value : fallback
}

export function stringParam(params: Record<string, JsonValue>, name: string, fallback: string) {
  const value = params[name]
  return typeof value === 'string' ? value : fallback
}

/**
 * Declares a catalog entry, keeping its name as a literal type so that the
 * union of fault names is derived from the catalog itself.
 */
export function defineFault<const Name extends string>(
  entry: FaultType & { type: Name },
): FaultType & { type: Name } {
  return entry
}
