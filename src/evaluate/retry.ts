import type { CallRecord } from '../core/call-record.ts'
import { jsonEquals } from '../core/canonical-json.ts'
import { RecordIndexError } from './errors.ts'
import { isFailedCall } from './records.ts'

/**
 * THE retry definition, the only one in AgentTwin (maxRetries, the comparison's
 * retry view and the reporter all call it). `records[index]` is a retry when
 * - its `attempt` is greater than 1 (the caller said so), or
 * - the previous call of the same tool (other tools may come in between) had
 *   the same arguments (canonical JSON) and failed as the caller saw it: no
 *   status, status >= 400, a body cut short or not JSON, or outcome `error`.
 * A confirming re-read after a success is not a retry.
 * @example
 * isRetry(twin.records(), 2) // true when call #3 repeats a failed #1 of the same tool
 */
export function isRetry(records: readonly CallRecord[], index: number): boolean {
  const record = records[index]
  if (!Number.isInteger(index) || record === undefined) {
    throw new RecordIndexError(index, records.length)
  }
  if (record.attempt > 1) return true
  const previous = previousCallOfTool(records, index)
  if (!previous) return false
  return isFailedCall(previous) && jsonEquals(previous.args, record.args)
}

/**
 * The records that are retries, in order; only those of `tool` when given.
 * @example
 * findRetries(run.records, 'refund_payment').map((r) => r.seq) // [3]
 */
export function findRetries(records: readonly CallRecord[], tool?: string): CallRecord[] {
  return records.filter(
    (record, index) => (tool === undefined || record.tool === tool) && isRetry(records, index),
  )
}

/**
 * How many calls are retries; only those of `tool` when given.
 * @example
 * countRetries(run.records, 'refund_payment') // 0 for a confirming re-read after a success
 */
export function countRetries(records: readonly CallRecord[], tool?: string): number {
  return findRetries(records, tool).length
}

function previousCallOfTool(records: readonly CallRecord[], index: number): CallRecord | undefined {
  const tool = records[index]!.tool
  for (let i = index - 1; i >= 0; i--) {
    if (records[i]!.tool === tool) return records[i]
  }
  return undefined
}
