import { type CallSite, callSite } from '../core/call-site.ts'
import type { FaultRuleDocument } from '../core/fault-model.ts'
import { deepFreeze } from '../core/freeze.ts'
import { FaultRuleBuilder, type FaultRuleInput, siteOf, toFaultRule } from './builder.ts'
import { checkFaultRule, type RuleProblem } from './check-rule.ts'
import { InvalidFaultRuleError, UnknownFaultTypeError } from './errors.ts'

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
  twinName?: string,
): { problems: RuleProblem[]; rule?: CheckedFaultRule } {
  const problems = checkFaultRule(rule, toolNames, twinName)
  if (problems.length > 0) return { problems }
  checked.add(deepFreeze(rule))
  return { problems, rule: rule as CheckedFaultRule }
}

/** Whether the checker passed this very rule object (see {@link checkedFaultRule}). */
export function isCheckedFaultRule(rule: unknown): rule is CheckedFaultRule {
  return typeof rule === 'object' && rule !== null && checked.has(rule)
}

/** What {@link checkFaultRules} checks rules against, and where they were given. */
export interface CheckRulesOptions {
  /**
   * The twin's tools: a rule naming another tool is an error. Without them a
   * rule may name any tool (a policy not yet tied to a twin).
   */
  toolNames?: readonly string[]
  /** The twin's name, named in an unknown-tool problem. */
  twinName?: string
  /**
   * Where the rules were handed over (a `useTwin`, `run`, `runCase` call),
   * named in the error of a plain-object rule; a rule built with `fault()`
   * names its own line. Default: the caller's frame on the current stack.
   */
  site?: CallSite
}

/**
 * THE check of fault rules, for every entry point that takes rules in code
 * (`useTwin`, `twin.addFaults`, `run(agent, { faults })`, `runCase`,
 * `serveTwin`, `createFaultPolicy`): each rule against the catalog and the
 * twin's tools ({@link checkFaultRule}, the check scenario documents get too),
 * and ids unique. Returns the checked, frozen copies; throws
 * `UnknownFaultTypeError` or `InvalidFaultRuleError` naming where the rule was
 * written (`file:line:col`), the value and the fix. A rule already checked
 * against these tools (a loaded scenario's) is kept as it is.
 * @example
 * const rules = checkFaultRules([fault('timeout_after_mutation').on('refund_payment').at(1)], {
 *   toolNames: ['refund_payment'],
 * })
 */
export function checkFaultRules(
  inputs: readonly FaultRuleInput[],
  options: CheckRulesOptions = {},
): CheckedFaultRule[] {
  let entrySite = options.site
  const site = (input: FaultRuleInput) => {
    const own = siteOf(input)
    if (own) return own
    entrySite ??= callSite()
    return entrySite
  }
  const checkedRules = inputs.map((input) => {
    const rule = toFaultRule(input)
    const toolNames = options.toolNames ?? [rule.tool]
    if (isCheckedFaultRule(rule) && toolNames.includes(rule.tool)) return rule
    // A copy: checking freezes the rule, and the caller's object stays theirs.
    const copy = input instanceof FaultRuleBuilder ? rule : structuredClone(rule)
    const { problems, rule: checked } = checkedFaultRule(copy, toolNames, options.twinName)
    if (checked) return checked
    const id = typeof rule?.id === 'string' ? rule.id : String(rule?.id)
    const unknownType = problems.find((problem) => problem.path === 'fault')
    if (unknownType) {
      throw new UnknownFaultTypeError(id, String(rule?.fault), unknownType, site(input))
    }
    throw new InvalidFaultRuleError(id, problems, site(input))
  })
  const seen = new Set<string>()
  checkedRules.forEach((rule, index) => {
    if (seen.has(rule.id)) {
      throw new InvalidFaultRuleError(
        rule.id,
        [
          {
            path: 'id',
            message: `two fault rules share the id "${rule.id}"`,
            fix: 'give each rule its own id (seeded decisions and reports tell rules apart by id)',
          },
        ],
        site(inputs[index]!),
      )
    }
    seen.add(rule.id)
  })
  return checkedRules
}
