import type { FaultType } from '../core/fault-model.ts'
import { malformedJson, partialResponse, schemaDrift } from './catalog/broken-bodies.ts'
import {
  connectionRefused,
  emptyResponse,
  resetAfterEffect,
  resetBeforeEffect,
} from './catalog/connection.ts'
import { idempotencyKeyInFlight, idempotencyKeyMismatch } from './catalog/idempotency.ts'
import {
  injectionInDescription,
  injectionInList,
  injectionInResponse,
  injectionInState,
} from './catalog/injections.ts'
import {
  acceptedNotCommitted,
  appliedTwice,
  businessRejectionIn200,
  inconsistentState,
  staleRead,
  successWithoutEffect,
} from './catalog/semantic.ts'
import {
  authExpired,
  rateLimited,
  serverError,
  serverErrorAfterCommit,
} from './catalog/server-errors.ts'
import { slowSuccess, timeoutAfterMutation, timeoutBeforeEffect } from './catalog/timeouts.ts'

const entries = [
  connectionRefused,
  timeoutBeforeEffect,
  timeoutAfterMutation,
  resetBeforeEffect,
  resetAfterEffect,
  serverError,
  serverErrorAfterCommit,
  rateLimited,
  slowSuccess,
  partialResponse,
  malformedJson,
  emptyResponse,
  schemaDrift,
  successWithoutEffect,
  inconsistentState,
  appliedTwice,
  businessRejectionIn200,
  acceptedNotCommitted,
  staleRead,
  authExpired,
  idempotencyKeyInFlight,
  idempotencyKeyMismatch,
  injectionInResponse,
  injectionInList,
  injectionInState,
  injectionInDescription,
] as const

/** The name of every fault type in the catalog, e.g. `'timeout_after_mutation'`. */
export type FaultTypeName = (typeof entries)[number]['type']

/**
 * Every fault AgentTwin can inject, each defined by its two facts: what the
 * dependency did and what the caller sees. `npx agenttwin faults` prints it.
 *
 * @example
 * for (const fault of faultCatalog.filter((f) => f.dangerous)) console.log(fault.type)
 */
export const faultCatalog: readonly FaultType[] = entries

const byName = new Map<string, FaultType>(entries.map((entry) => [entry.type, entry]))

/**
 * Looks a fault type up by name; `undefined` when the catalog has none.
 *
 * @example
 * getFaultType('rate_limited')?.dependency.effect // 'none'
 */
export function getFaultType(type: string): FaultType | undefined {
  return byName.get(type)
}

/** The catalog's names, in catalog order. */
export const faultTypeNames: readonly FaultTypeName[] = entries.map((entry) => entry.type)
