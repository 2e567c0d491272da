import { jsonEquals } from '../core/canonical-json.ts'
import type {
  ActiveFault,
  FaultCondition,
  FaultContext,
  FaultPolicy,
  FaultType,
  PoisonedDescription,
} from '../core/fault-model.ts'
import type { JsonValue } from '../core/json.ts'
import { type FaultRule, type FaultRuleInput, toFaultRule } from './builder.ts'
import { combine } from './catalog/injections.ts'
import { getFaultType } from './catalog.ts'
import { checkFaultRule } from './check-rule.ts'
import { isCheckedFaultRule } from './checked-rule.ts'
import { InvalidFaultRuleError, UnknownFaultTypeError } from './errors.ts'
import { seededUnit } from './seeded.ts'

export interface FaultPolicyOptions {
  /** Drives every `probability` draw; the scenario's `seed` (default 0 there). */
  seed: number
  /** The twin's tools; when given, a rule naming another tool is an error. */
  toolNames?: readonly string[]
}

interface CompiledRule {
  rule: FaultRule
  fault: FaultType
  params: Record<string, JsonValue>
}

/**
 * A rule the validator passed (a loaded scenario's) is compiled as it is; any
 * other (built in code, or a copy) is checked here, with the same errors.
 */
function problemsOf(rule: FaultRule, options: FaultPolicyOptions) {
  const toolNames = options.toolNames ?? [rule.tool]
  if (isCheckedFaultRule(rule) && toolNames.includes(rule.tool)) return []
  return checkFaultRule(rule, toolNames)
}

function compile(rule: FaultRule, options: FaultPolicyOptions): CompiledRule {
  const problems = problemsOf(rule, options)
  const id = typeof rule.id === 'string' ? rule.id : String(rule.id)
  const unknownType = problems.find((problem) => problem.path === 'fault')
  if (unknownType) throw new UnknownFaultTypeError(id, String(rule.fault), unknownType)
  if (problems.length > 0) throw new InvalidFaultRuleError(id, problems)
  const fault = getFaultType(rule.fault)!
  const params: Record<string, JsonValue> = {}
  for (const spec of fault.params) {
    if (spec.default !== undefined) params[spec.name] = spec.default
  }
  return { rule, fault, params: structuredClone({ ...params, ...rule.params }) }
}

/** Every condition except `maxTimes`, which depends on the policy's counters. */
function conditionHolds(
  when: FaultCondition,
  ruleId: string,
  context: FaultContext,
  seed: number,
): boolean {
  const { callNumber } = context
  if (when.call !== undefined && callNumber !== when.call) return false
  if (when.calls !== undefined && !when.calls.includes(callNumber)) return false
  if (when.every !== undefined && callNumber % when.every !== 0) return false
  if (when.from !== undefined && callNumber < when.from) return false
  if (when.args !== undefined) {
    for (const [key, expected] of Object.entries(when.args)) {
      if (!jsonEquals(context.args[key], expected)) return false
    }
  }
  if (when.probability !== undefined) {
    return seededUnit(seed, ruleId, context.tool, callNumber) < when.probability
  }
  return true
}

/**
 * Builds the fault policy of one case from its rules. Rules are checked up
 * front (an unknown fault type throws `UnknownFaultTypeError`, any other
 * problem `InvalidFaultRuleError`). Per call, rules are tried in order and
 * the first whose conditions all hold fires.
 *
 * A decision depends only on the seed, the rule and the call's own tool,
 * call number and arguments, so other tools' timing and order never change
 * it. Raising a rule's probability only adds faults as long as the rule has
 * no `maxTimes` (a cap reached earlier can skip a later call).
 *
 * The policy counts `maxTimes` fires, so create one per case.
 *
 * @example
 * const policy = createFaultPolicy(
 *   [
 *     fault('timeout_after_mutation').on('refund_payment').at(1),
 *     { id: 'slow-lookups', tool: 'get_order', fault: 'slow_success', when: { probability: 0.5 } },
 *   ],
 *   { seed: 42, toolNames: ['refund_payment', 'get_order'] },
 * )
 * policy.decide({ tool: 'refund_payment', callNumber: 1, args: {} })?.fault.type
 * // 'timeout_after_mutation'
 */
export function createFaultPolicy(
  rules: readonly FaultRuleInput[],
  options: FaultPolicyOptions,
): FaultPolicy {
  const compiled = rules.map((input) => compile(toFaultRule(input), options))
  const seen = new Set<string>()
  for (const { rule } of compiled) {
    if (seen.has(rule.id)) {
      throw new InvalidFaultRuleError(rule.id, [
        {
          path: 'id',
          message: `two fault rules share the id "${rule.id}"`,
          fix: 'give each rule its own id (seeded decisions and reports tell rules apart by id)',
        },
      ])
    }
    seen.add(rule.id)
  }
  const fired = new Map<string, number>()
  return {
    decide(context: FaultContext): ActiveFault | undefined {
      for (const { rule, fault, params } of compiled) {
        if (rule.tool !== context.tool || isDescriptionRule(fault)) continue
        const when = rule.when ?? {}
        const count = fired.get(rule.id) ?? 0
        if (when.maxTimes !== undefined && count >= when.maxTimes) continue
        if (!conditionHolds(when, rule.id, context, options.seed)) continue
        fired.set(rule.id, count + 1)
        return { ruleId: rule.id, fault, params: structuredClone(params) }
      }
      return undefined
    },
    describe(tool: string, description: string): PoisonedDescription | undefined {
      const found = compiled.find(
        ({ rule, fault }) => rule.tool === tool && isDescriptionRule(fault),
      )
      if (!found) return undefined
      const content = String(found.params.content ?? '')
      const mode = String(found.params.mode ?? 'append')
      return {
        ruleId: found.rule.id,
        type: found.fault.type,
        description: combine(description, content, mode),
        content,
      }
    },
  }
}

/** Rules that rewrite a tool's description fire on listings, never on calls. */
function isDescriptionRule(fault: FaultType): boolean {
  return fault.injection?.target === 'tool-description'
}
