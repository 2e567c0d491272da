import type { CallRecord } from '../core/call-record.ts'
import type { JsonObject } from '../core/json.ts'

/** The caller saw a 2xx status. */
export function sawSuccess(record: Pick<CallRecord, 'status'>): boolean {
  return record.status !== null && record.status >= 200 && record.status < 300
}

/**
 * The call failed: no status arrived (connection error, timeout), the caller
 * saw 4xx/5xx or a body it could not read (cut short, not JSON), or the twin
 * says it did not do what was asked.
 */
export function isFailedCall(record: Pick<CallRecord, 'status' | 'outcome' | 'fault'>): boolean {
  return (
    record.status === null ||
    record.status >= 400 ||
    record.fault?.caller.body !== undefined ||
    record.outcome === 'error'
  )
}

/** The changes a call made to the state, including deferred ones that committed within the case. */
export function appliedChanges(record: CallRecord): CallRecord['changes'] {
  const deferred = record.deferred?.committed ? record.deferred.changes : []
  return [...record.changes, ...deferred]
}

/** The call changed state (directly, or through a deferred commit within the case). */
export function changedState(record: CallRecord): boolean {
  return appliedChanges(record).length > 0
}

/** The record as evidence: the facts a reader needs, no response bodies. */
export function recordEvidence(record: CallRecord): JsonObject {
  const evidence: JsonObject = {
    seq: record.seq,
    tool: record.tool,
    args: record.args,
    attempt: record.attempt,
    status: record.status,
    outcome: record.outcome,
    replay: record.replay,
    changes: appliedChanges(record).map((change) => change.path),
  }
  if (record.effectKey !== undefined) evidence.effectKey = record.effectKey
  if (record.idempotencyKey !== undefined) evidence.idempotencyKey = record.idempotencyKey
  if (record.fault) {
    evidence.fault = { type: record.fault.type, dependency: record.fault.dependency }
  }
  return evidence
}
