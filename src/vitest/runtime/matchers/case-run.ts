import type { CaseRun } from '../../../core/case-run.ts'
import { isJsonObject } from '../../../core/json.ts'
import { NotACaseRunError } from './errors.ts'

/**
 * The received value as a `CaseRun`, or a `NotACaseRunError` naming what was
 * passed instead and what to pass. Only the shape is checked; the evaluators
 * judge the content.
 */
export function caseRunOf(received: unknown, matcher: string): CaseRun {
  if (isCaseRun(received)) return received
  throw new NotACaseRunError(matcher, describeReceived(received))
}

/** Whether a value has the shape of a `CaseRun` (schema tag, records, states, tools). */
export function isCaseRun(value: unknown): value is CaseRun {
  if (!isJsonObject(value)) return false
  return (
    value.schema === 'agenttwin/case-run.v1' &&
    Array.isArray(value.records) &&
    Array.isArray(value.tools) &&
    isJsonObject(value.finalState) &&
    isJsonObject(value.initialState) &&
    typeof value.finished === 'boolean'
  )
}

function describeReceived(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (value === null) return 'null'
  if (value instanceof Promise || (isJsonObject(value) && typeof value.then === 'function')) {
    return 'a Promise (did you forget `await` before run(agent)?)'
  }
  if (Array.isArray(value)) return 'an array'
  if (!isJsonObject(value)) return `${typeof value} ${JSON.stringify(value)}`
  if ('run' in value && 'results' in value) return 'a side of a comparison (pass its `.run`)'
  if ('reply' in value && !('records' in value)) {
    return "the agent's own result (testimony: it holds no records or state; pass the CaseRun)"
  }
  if (value.schema !== undefined) return `an object with schema ${JSON.stringify(value.schema)}`
  const keys = Object.keys(value).slice(0, 5)
  return keys.length > 0 ? `an object with keys ${keys.join(', ')}` : 'an empty object'
}
