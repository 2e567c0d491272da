import { isSubsetOf, jsonEquals } from '../core/canonical-json.ts'
import { AgentTwinError } from '../core/errors.ts'
import { isJsonObject, type JsonObject, type JsonValue } from '../core/json.ts'
import { formatPath, pathOf, readPath } from '../core/state-path.ts'
import type { ValueCheck } from '../schema/scenario-document.ts'
import { formatValue } from './format.ts'

const CHECK_NAMES = ['equals', 'matches', 'exists', 'gt', 'gte', 'lt', 'lte'] as const
type CheckName = (typeof CHECK_NAMES)[number]

/** The verdict of one value check on one state path; `text` is a sentence citing path and value. */
export interface ValueCheckOutcome {
  kind: 'pass' | 'fail' | 'error'
  text: string
  path: string
  found: boolean
  value?: JsonValue
  /** The check as given, e.g. `{ equals: 1 }`. */
  check: JsonObject
}

/** The one check given, as `{ equals: 1 }`; every given check when there are several. */
export function givenCheck(check: ValueCheck): JsonObject {
  const given: JsonObject = {}
  for (const name of CHECK_NAMES) {
    const value = check[name]
    if (value !== undefined) given[name] = value
  }
  return given
}

/** `equals 1`, `matches /^re/`, `exists`, `is absent`, `> 3`. */
export function describeCheck(check: ValueCheck): string {
  const [name, value] = Object.entries(givenCheck(check))[0] ?? []
  return name === undefined ? 'no check' : describeOne(name as CheckName, value!)
}

/**
 * Checks the value at `path` in `state`. A path that does not resolve is an
 * `error` (unknown is never a pass) unless the check is about existence.
 * @example
 * checkStateValue({ equals: 1 }, { orders: { A: { n: 2 } } }, 'orders.A.n').text
 * // 'orders.A.n is 2, expected 1'
 */
export function checkStateValue(
  check: ValueCheck,
  state: JsonObject,
  path: string,
): ValueCheckOutcome {
  const given = givenCheck(check)
  const names = Object.keys(given) as CheckName[]
  const base = { path, found: false, check: given }
  if (names.length !== 1) {
    const text =
      names.length === 0
        ? `gives no value check for ${path}; give exactly one of ${CHECK_NAMES.join(', ')}`
        : `gives ${names.length} value checks for ${path} (${names.join(', ')}); give exactly one`
    return { ...base, kind: 'error', text }
  }
  let segments: string[]
  try {
    segments = pathOf(path)
  } catch (error) {
    const reason = error instanceof AgentTwinError ? error.message : String(error)
    return { ...base, kind: 'error', text: `the path "${path}" is not valid: ${reason}` }
  }
  const lookup = readPath(state, segments)
  const name = names[0]!
  const expected = given[name]!
  if (name === 'exists') return existence(base, expected === true, lookup.found, lookup.value)
  if (!lookup.found) {
    return {
      ...base,
      kind: 'error',
      text: `${path} does not resolve in the final state (${missingReason(state, segments)}), so "${describeOne(name, expected)}" cannot be checked`,
    }
  }
  const found = { ...base, found: true, value: lookup.value }
  const verdict = compare(name, expected, lookup.value!, path)
  return { ...found, ...verdict }
}

function existence(
  base: Omit<ValueCheckOutcome, 'kind' | 'text'>,
  wanted: boolean,
  found: boolean,
  value: JsonValue | undefined,
): ValueCheckOutcome {
  const outcome = { ...base, found, ...(found ? { value } : {}) }
  if (found === wanted) {
    const text = found
      ? `${base.path} exists (${formatValue(value)})`
      : `${base.path} is absent, as expected`
    return { ...outcome, kind: 'pass', text }
  }
  const text = found
    ? `${base.path} exists (${formatValue(value)}), expected it to be absent`
    : `${base.path} is missing, expected it to exist`
  return { ...outcome, kind: 'fail', text }
}

function compare(
  name: CheckName,
  expected: JsonValue,
  value: JsonValue,
  path: string,
): Pick<ValueCheckOutcome, 'kind' | 'text'> {
  const shown = `${path} is ${formatValue(value)}`
  switch (name) {
    case 'equals':
      return jsonEquals(value, expected)
        ? { kind: 'pass', text: `${shown}, as expected` }
        : { kind: 'fail', text: `${shown}, expected ${formatValue(expected)}` }
    case 'matches':
      return matches(expected, value, shown)
    default:
      return numeric(name, expected, value, shown)
  }
}

function matches(
  pattern: JsonValue,
  value: JsonValue,
  shown: string,
): Pick<ValueCheckOutcome, 'kind' | 'text'> {
  if (typeof pattern === 'string') {
    let regex: RegExp
    try {
      regex = new RegExp(pattern)
    } catch (error) {
      return {
        kind: 'error',
        text: `matches ${formatValue(pattern)} is not a valid regular expression: ${(error as Error).message}`,
      }
    }
    if (typeof value !== 'string') {
      return {
        kind: 'fail',
        text: `${shown} (${kindOf(value)}), expected a string matching /${pattern}/`,
      }
    }
    return regex.test(value)
      ? { kind: 'pass', text: `${shown}, matching /${pattern}/` }
      : { kind: 'fail', text: `${shown}, expected to match /${pattern}/` }
  }
  if (isJsonObject(pattern)) {
    if (!isJsonObject(value)) {
      return {
        kind: 'fail',
        text: `${shown} (${kindOf(value)}), expected an object with ${formatValue(pattern)}`,
      }
    }
    if (isSubsetOf(pattern, value))
      return { kind: 'pass', text: `${shown}, with every expected field` }
    const differing = Object.keys(pattern).filter((key) => !jsonEquals(pattern[key], value[key]))
    const details = differing
      .map((key) => `${key} is ${formatValue(value[key])}, expected ${formatValue(pattern[key])}`)
      .join('; ')
    return { kind: 'fail', text: `${shown}: ${details}` }
  }
  return {
    kind: 'error',
    text: `matches takes a regular expression (string) or an object of expected fields, not ${kindOf(pattern)}`,
  }
}

function numeric(
  name: CheckName,
  bound: JsonValue,
  value: JsonValue,
  shown: string,
): Pick<ValueCheckOutcome, 'kind' | 'text'> {
  if (typeof bound !== 'number') {
    return { kind: 'error', text: `${name} needs a number, got ${formatValue(bound)}` }
  }
  const wanted = describeOne(name, bound)
  if (typeof value !== 'number') {
    return { kind: 'fail', text: `${shown} (${kindOf(value)}), expected a number ${wanted}` }
  }
  const holds =
    name === 'gt'
      ? value > bound
      : name === 'gte'
        ? value >= bound
        : name === 'lt'
          ? value < bound
          : value <= bound
  return holds
    ? { kind: 'pass', text: `${shown}, ${wanted}` }
    : { kind: 'fail', text: `${shown}, expected ${wanted}` }
}

function describeOne(name: CheckName, value: JsonValue): string {
  switch (name) {
    case 'equals':
      return `equals ${formatValue(value)}`
    case 'matches':
      return typeof value === 'string' ? `matches /${value}/` : `matches ${formatValue(value)}`
    case 'exists':
      return value === true ? 'exists' : 'is absent'
    case 'gt':
      return `> ${formatValue(value)}`
    case 'gte':
      return `>= ${formatValue(value)}`
    case 'lt':
      return `< ${formatValue(value)}`
    case 'lte':
      return `<= ${formatValue(value)}`
  }
}

/** Names the deepest part of the path that exists, e.g. `orders has no ORD-9`. */
function missingReason(state: JsonObject, segments: string[]): string {
  for (let depth = 0; depth < segments.length; depth++) {
    if (readPath(state, segments.slice(0, depth + 1)).found) continue
    if (depth === 0) break
    return `${formatPath(segments.slice(0, depth))} has no ${segments[depth]}`
  }
  return `the state has no ${segments[0]}`
}

function kindOf(value: JsonValue): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
