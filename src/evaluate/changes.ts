import type { CallRecord, StateChange } from '../core/call-record.ts'
import type { JsonObject } from '../core/json.ts'
import { parsePath } from '../twin/paths.ts'
import { formatCall, formatSeqs, joinWords } from './format.ts'
import { appliedChanges } from './records.ts'

/** A change one record made at, above or below a path. */
export interface TouchingChange {
  record: CallRecord
  change: StateChange
}

/** True when one path is the other or lies below it (segment-wise, so `a.b` does not cover `a.bc`). */
export function pathsOverlap(a: readonly string[], b: readonly string[]): boolean {
  const length = Math.min(a.length, b.length)
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false
  return true
}

/** `a` is `b` or lies below it. */
export function isUnder(path: readonly string[], ancestor: readonly string[]): boolean {
  return path.length >= ancestor.length && pathsOverlap(path, ancestor)
}

/** Every recorded change that wrote the path, a parent of it, or something below it. */
export function changesTouching(
  records: readonly CallRecord[],
  path: readonly string[],
): TouchingChange[] {
  const touching: TouchingChange[] = []
  for (const record of records) {
    for (const change of appliedChanges(record)) {
      if (pathsOverlap(parsePath(change.path), path)) touching.push({ record, change })
    }
  }
  return touching
}

/** `changed by refund_payment #3 and #5`, or `no call changed it`. */
export function changedBySentence(touching: readonly TouchingChange[]): string {
  const records = uniqueRecords(touching)
  if (records.length === 0) return 'no call changed it'
  const tools = new Set(records.map((record) => record.tool))
  if (tools.size === 1) return `changed by ${records[0]!.tool} ${formatSeqs(records)}`
  return `changed by ${joinWords(records.map(formatCall))}`
}

/** The changes as evidence: who changed what, from what to what. */
export function touchingEvidence(touching: readonly TouchingChange[]): JsonObject[] {
  return touching.map(({ record, change }) => {
    const entry: JsonObject = { seq: record.seq, tool: record.tool, path: change.path }
    if (change.before !== undefined) entry.before = change.before
    if (change.after !== undefined) entry.after = change.after
    return entry
  })
}

function uniqueRecords(touching: readonly TouchingChange[]): CallRecord[] {
  const seen = new Map<number, CallRecord>()
  for (const { record } of touching) seen.set(record.seq, record)
  return [...seen.values()].sort((a, b) => a.seq - b.seq)
}
