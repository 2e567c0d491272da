import type { CallRecord } from '../core/call-record.ts'
import type { JsonObject, JsonValue } from '../core/json.ts'

const MAX_VALUE_LENGTH = 80

/** A value as messages print it: JSON, cut short when long; `missing` for an absent value. */
export function formatValue(value: JsonValue | undefined): string {
  if (value === undefined) return 'missing'
  const text = JSON.stringify(value)
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text
}

/** Arguments as `order_id=ORD-1001, amount=40` (strings unquoted, keys sorted). */
export function formatArgs(args: JsonObject | undefined): string {
  if (!args) return ''
  return Object.keys(args)
    .sort()
    .map((key) => {
      const value = args[key]!
      return `${key}=${typeof value === 'string' ? value : formatValue(value)}`
    })
    .join(', ')
}

/** `refund_payment(amount=40, order_id=ORD-1001)`. */
export function formatStep(tool: string, args?: JsonObject): string {
  return `${tool}(${formatArgs(args)})`
}

/** `#3 and #5`, `#1, #2 and #4`. */
export function formatSeqs(records: readonly Pick<CallRecord, 'seq'>[]): string {
  return joinWords(records.map((record) => `#${record.seq}`))
}

/** `refund_payment #3`. */
export function formatCall(record: Pick<CallRecord, 'tool' | 'seq'>): string {
  return `${record.tool} #${record.seq}`
}

/** What the caller saw: `status 504`, or `no status` for a connection error or no answer. */
export function formatStatus(record: Pick<CallRecord, 'status'>): string {
  return record.status === null ? 'no status' : `status ${record.status}`
}

/** `a`, `a and b`, `a, b and c`. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('')
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** `1 call`, `2 calls`. */
export function plural(count: number, noun: string): string {
  return count === 1 ? `1 ${noun}` : `${count} ${noun}s`
}

/** `1 time`, `2 times`. */
export function times(count: number): string {
  return plural(count, 'time')
}
