import type { StateChange } from '../core/call-record.ts'
import { formatValue, joinWords } from '../evaluate/format.ts'

// One way to print calls, values and lists across AgentTwin: the evaluators' own.
export { formatStep as formatCall, formatValue, joinWords, plural } from '../evaluate/format.ts'

/** `orders.ORD-1001.refund_count from 0 to 1` */
export function formatChange(change: StateChange): string {
  return `${change.path} from ${formatValue(change.before)} to ${formatValue(change.after)}`
}

/** Up to `limit` changes, then how many more. */
export function formatChanges(changes: readonly StateChange[], limit = 3): string {
  const shown = changes.slice(0, limit).map(formatChange)
  const rest = changes.length - shown.length
  if (rest > 0) shown.push(`${rest} more ${rest === 1 ? 'path' : 'paths'}`)
  return joinWords(shown)
}
