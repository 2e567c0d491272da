import type { CallSite } from '../core/call-site.ts'
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
import type { FaultRuleInput } from './builder.ts'
import { combine } from './catalog/injections.ts'
import { getFaultType } from './catalog.ts'
import { type CheckedFaultRule, checkFaultRules } from './checked-rule.ts'
import { seededUnit } from './seeded.ts'

export interface FaultPolicyOptions {
  /** Drives every `probability` draw; the scenario's `seed` (default 0 there). */
  seed: number
  /** The twin's tools; when given, a rule naming another tool is an error. */
  toolNames?: readonly string[]
  /** The twin's name, named in an unknown-tool problem. */
  twinName?: string
  /** Where the rules were handed over, named in errors (see `checkFaultRules`). Default: the caller's frame. */
  site?: CallSite
}

interface CompiledRule {
  rule: CheckedFaultRule
  fault: FaultType
  params: Record<string, JsonValue>
}

/** A checked rule with the catalog's defaults under its own params. */
function compile(rule: CheckedFaultRule): CompiledRule {
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
  if (when.turn !== undefined && (context.turn ?? 1) !== when.turn) return false
  // Conditioned on a turn, the call numbers count within that turn.
  const callNumber =
    when.turn !== undefined ? (context.turnCallNumber ?? context.callNumber) : context.callNumber
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
    return seededUnit(seed, ruleId, context.tool, context.callNumber) < when.probability
  }
  return true
}

/**
 * Builds the fault policy of one case from its rules. Rules are checked up
 * front by `checkFaultRules` (an unknown fault type throws
 * `UnknownFaultTypeError`, any other problem `InvalidFaultRuleError`). Per call, rules are tried in order and
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
  const compiled = checkFaultRules(rules, {
    ...(options.toolNames ? { toolNames: options.toolNames } : {}),
    ...(options.twinName ? { twinName: options.twinName } : {}),
    ...(options.site ? { site: options.site } : {}),
  }).map(compile)
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
