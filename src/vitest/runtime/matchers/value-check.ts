import type { JsonObject, JsonValue } from '../../../core/json.ts'
import type { ValueCheck } from '../../../schema/scenario-document.ts'
import { InvalidMatcherArgumentError } from './errors.ts'

const CHECK_NAMES = ['equals', 'matches', 'exists', 'gt', 'gte', 'lt', 'lte'] as const
const TAG = Symbol.for('agenttwin.valueCheck')

/** A value check marked as such, so a state matcher does not read it as a value to equal. */
export type TaggedValueCheck = ValueCheck & { readonly [TAG]: true }

/** What the state matchers take: a JSON value (deep-equals) or a `valueCheck(...)`. */
export type StateExpected = JsonValue | TaggedValueCheck

/**
 * Marks a value check for `toHaveStateAt` and `toBeBackedByState`: the same
 * checks a scenario's `state` expectation takes (`equals`, `matches`, `exists`,
 * `gt`, `gte`, `lt`, `lte`; exactly one). A plain value means `equals`.
 * @example
 * expect(run).toHaveStateAt('orders.ORD-1001.refund_count', valueCheck({ lte: 1 }))
 * expect(run).toHaveStateAt('orders.ORD-1001.status', valueCheck({ matches: '^refund' }))
 */
export function valueCheck(check: ValueCheck): TaggedValueCheck {
  const tagged = { ...check } as TaggedValueCheck
  Object.defineProperty(tagged, TAG, { value: true, enumerable: false })
  return tagged
}

/** The check a state matcher runs: a tagged check as given, any other JSON value as `equals`. */
export function toValueCheck(matcher: string, expected: unknown): ValueCheck {
  if (isTagged(expected)) {
    const check: ValueCheck = {}
    for (const name of CHECK_NAMES) {
      if (expected[name] !== undefined) Object.assign(check, { [name]: expected[name] })
    }
    return check
  }
  if (isAsymmetricMatcher(expected)) {
    throw new InvalidMatcherArgumentError(
      matcher,
      'asymmetric matchers (expect.any, expect.objectContaining, ...) cannot be checked against state, because a scenario could not say the same',
      "use valueCheck({ gte: 1 }), valueCheck({ matches: '^re' }) or valueCheck({ matches: { status: 'refunded' } }) (an object subset)",
    )
  }
  const problem = jsonProblem(expected, 'expected')
  if (problem) {
    throw new InvalidMatcherArgumentError(
      matcher,
      `${problem}; state holds JSON only`,
      'pass a JSON value (string, number, boolean, null, array, plain object) or a valueCheck({...})',
    )
  }
  return { equals: expected as JsonValue }
}

/** The value a diff shows as "expected": the value for `equals`, else the check itself. */
export function expectedOf(check: ValueCheck): JsonValue | JsonObject {
  if (check.equals !== undefined) return check.equals
  const given: JsonObject = {}
  for (const name of CHECK_NAMES) {
    const value = check[name]
    if (value !== undefined) given[name] = value
  }
  return given
}

function isTagged(value: unknown): value is TaggedValueCheck {
  return typeof value === 'object' && value !== null && (value as TaggedValueCheck)[TAG] === true
}

function isAsymmetricMatcher(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch === 'function'
  )
}

/** Why a value is not JSON, naming where inside it; undefined when it is. */
export function jsonProblem(value: unknown, where: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined
  if (typeof value === 'number') {
    return Number.isFinite(value) ? undefined : `${where} is ${value}, not a JSON number`
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const problem = jsonProblem(item, `${where}[${index}]`)
      if (problem) return problem
    }
    return undefined
  }
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) {
      return `${where} is a ${value.constructor?.name ?? 'class instance'}, not a plain object`
    }
    for (const [key, item] of Object.entries(value)) {
      const problem = jsonProblem(item, `${where}.${key}`)
      if (problem) return problem
    }
    return undefined
  }
  return `${where} is ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`
}
