import { isSubsetOf, jsonEquals } from '../core/canonical-json.ts'
import type { JsonObject } from '../core/json.ts'
import type { ArgsMatchMode } from '../schema/scenario-document.ts'

/** `ignore` when no arguments are given, else `subset`. */
export function defaultArgsMode(expected: JsonObject | undefined): ArgsMatchMode {
  return expected === undefined ? 'ignore' : 'subset'
}

/**
 * Compares the arguments a call had with the ones an expectation gives.
 * - `exact`: the same arguments, no more, no fewer;
 * - `ignore`: arguments are not compared;
 * - `subset`: every given argument is present with an equal value (the call may have more);
 * - `superset`: every argument of the call is given with an equal value (the call may have fewer).
 * @example
 * argsMatch({ order_id: 'ORD-1001' }, { order_id: 'ORD-1001', amount: 40 }, 'subset') // true
 */
export function argsMatch(
  expected: JsonObject | undefined,
  actual: JsonObject,
  mode: ArgsMatchMode,
): boolean {
  const given = expected ?? {}
  switch (mode) {
    case 'ignore':
      return true
    case 'exact':
      return jsonEquals(given, actual)
    case 'subset':
      return isSubsetOf(given, actual)
    case 'superset':
      return isSubsetOf(actual, given)
  }
}
