import type { FaultRuleDocument } from '../core/fault-model.ts'
import { deepFreeze } from '../core/freeze.ts'
import { checkFaultRule, type RuleProblem } from './check-rule.ts'

declare const checkedBrand: unique symbol

/**
 * A fault rule the checker found valid, frozen so it stays what was checked.
 * Only {@link checkedFaultRule} makes one; a policy compiles it without
 * checking it again.
 */
export type CheckedFaultRule = Readonly<FaultRuleDocument> & { readonly [checkedBrand]: true }

// The rules the checker passed, by identity: a copy (a clone, a JSON round trip) is checked again.
const checked = new WeakSet<object>()

/**
 * Checks one rule like {@link checkFaultRule}; when it has no problem, the
 * rule itself is frozen and remembered as checked against these tool names.
 * @example
 * const { problems, rule } = checkedFaultRule(document.faults[0], ['refund_payment'])
 */
export function checkedFaultRule(
  rule: FaultRuleDocument,
  toolNames: readonly string[],
): { problems: RuleProblem[]; rule?: CheckedFaultRule } {
  const problems = checkFaultRule(rule, toolNames)
  if (problems.length > 0) return { problems }
  checked.add(deepFreeze(rule))
  return { problems, rule: rule as CheckedFaultRule }
}

/** Whether the checker passed this very rule object (see {@link checkedFaultRule}). */
export function isCheckedFaultRule(rule: unknown): rule is CheckedFaultRule {
  return typeof rule === 'object' && rule !== null && checked.has(rule)
}
