import type { CallRecord } from '../core/call-record.ts'
import { countRetries } from '../evaluate/retry.ts'

/** Retries of one side of a case: in all, and per tool that was called (zeros included). */
export interface RetryView {
  total: number
  byTool: Record<string, number>
}

/**
 * The retry view of one side, by the one retry definition (`countRetries`).
 * @example
 * retryView(run.records) // { total: 1, byTool: { lookup_order: 0, refund_payment: 1 } }
 */
export function retryView(records: readonly CallRecord[]): RetryView {
  const tools = [...new Set(records.map((record) => record.tool))].sort()
  const byTool: Record<string, number> = {}
  for (const tool of tools) byTool[tool] = countRetries(records, tool)
  return { total: countRetries(records), byTool }
}
