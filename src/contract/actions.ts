import type { CallRecord, StateChange } from '../core/call-record.ts'
import { isRetry } from '../evaluate/index.ts'
import type { ContractDocument, OutcomeStatus } from '../schema/contract-document.ts'
import { type EntityLocation, relate } from './entity.ts'

/**
 * What one call of an allowed tool did for the entity:
 * - `executed`: it changed the entity (directly, or by a deferred commit within the case);
 * - `staged`: the system accepted it and staged the change, not committed;
 * - `replay`: a repeat answered from the idempotency store, no effect;
 * - `refused`: nothing changed (an error, a rejection, a withheld effect);
 * - `wrong_entity`: it changed another entity of the same collection instead.
 */
export type AttemptKind = 'executed' | 'staged' | 'replay' | 'refused' | 'wrong_entity'

export interface ActionAttempt {
  record: CallRecord
  kind: AttemptKind
  /** Executions on the entity: 2 when the dependency applied the effects twice. */
  executions: number
  /** Only part of the effects were applied. */
  partial: boolean
  /** Other entities of the collection the call changed. */
  siblings: string[]
  /** 1-based; attempts of one operation share it (same idempotency key, or a retry of the call before). */
  operation: number
}

export interface ActionAnalysis {
  attempts: ActionAttempt[]
  /** Calls of tools outside `allowed_action` that changed the entity. */
  foreign: CallRecord[]
  status: OutcomeStatus
}

/** The changes a call made, including deferred ones committed within the case. */
export function appliedChanges(record: CallRecord): StateChange[] {
  return [...record.changes, ...(record.deferred?.committed ? record.deferred.changes : [])]
}

/**
 * Sorts the case's calls by what they did for the entity and derives the
 * outcome status: `committed`, `partial` (part of the effects, or only some
 * of the action's tools), `pending`, `rejected`, or `not_attempted`.
 * @example
 * analyseActions(run.records, contract, locateEntity(contract.entity_ref, 'ORD-1001')).status // 'committed'
 */
export function analyseActions(
  records: readonly CallRecord[],
  contract: ContractDocument,
  location: EntityLocation,
): ActionAnalysis {
  const allowed = new Set(contract.allowed_action.tools)
  const argument = contract.entity_ref.argument
  const attempts: ActionAttempt[] = []
  const foreign: CallRecord[] = []
  const byKey = new Map<string, number>()
  const lastByTool = new Map<string, number>()
  let count = 0

  records.forEach((record, index) => {
    const applied = appliedChanges(record)
    const touchesEntity = applied.some((c) => relate(c.path, location).kind === 'entity')
    if (!allowed.has(record.tool)) {
      if (touchesEntity) foreign.push(record)
      return
    }
    const staged =
      record.deferred && !record.deferred.committed
        ? record.deferred.changes.some((c) => relate(c.path, location).kind === 'entity')
        : false
    const siblings = siblingIds(applied, location)
    const named = argument !== undefined && record.args[argument] === location.id
    if (!named && !touchesEntity && !staged && siblings.length === 0) return
    const kind = attemptKind(record, touchesEntity, staged, siblings)
    let operation: number
    if (record.idempotencyKey !== undefined) {
      const key = `${record.tool}\u0000${record.idempotencyKey}`
      operation = byKey.get(key) ?? ++count
      byKey.set(key, operation)
    } else if (isRetry(records, index) && lastByTool.has(record.tool)) {
      operation = lastByTool.get(record.tool)!
    } else {
      operation = ++count
    }
    lastByTool.set(record.tool, operation)
    attempts.push({
      record,
      kind,
      executions: kind === 'executed' ? (record.fault?.dependency === 'twice' ? 2 : 1) : 0,
      partial: kind === 'executed' && record.fault?.dependency === 'partial',
      siblings,
      operation,
    })
  })
  return { attempts, foreign, status: outcomeStatus(attempts, contract.allowed_action.tools) }
}

function attemptKind(
  record: CallRecord,
  touchesEntity: boolean,
  staged: boolean,
  siblings: string[],
): AttemptKind {
  if (record.replay) return 'replay'
  if (touchesEntity) return 'executed'
  if (staged) return 'staged'
  if (siblings.length > 0) return 'wrong_entity'
  return 'refused'
}

function siblingIds(changes: readonly StateChange[], location: EntityLocation): string[] {
  const ids = new Set<string>()
  for (const change of changes) {
    const relation = relate(change.path, location)
    if (relation.kind === 'sibling') ids.add(relation.id)
  }
  return [...ids]
}

function outcomeStatus(
  attempts: readonly ActionAttempt[],
  tools: readonly string[],
): OutcomeStatus {
  const executedTools = new Set(
    attempts.filter((a) => a.kind === 'executed').map((a) => a.record.tool),
  )
  const staged = attempts.some((a) => a.kind === 'staged')
  if (executedTools.size > 0) {
    const incomplete = tools.some((tool) => !executedTools.has(tool))
    return incomplete || attempts.some((a) => a.partial) ? 'partial' : 'committed'
  }
  if (staged) return 'pending'
  if (attempts.some((a) => a.kind === 'refused' || a.kind === 'replay')) return 'rejected'
  return 'not_attempted'
}
