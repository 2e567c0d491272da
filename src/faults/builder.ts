import { type CallSite, callSite } from '../core/call-site.ts'
import type { FaultRuleDocument } from '../core/fault-model.ts'
import type { JsonObject } from '../core/json.ts'
import type { FaultTypeName } from './catalog.ts'

/** A fault rule as a scenario document holds it; `fault` is any string until checked. */
export type FaultRule = FaultRuleDocument

/** The plain-object form for hand-written tests: the same rule, with the fault name typed. */
export type TypedFaultRule = Omit<FaultRuleDocument, 'fault'> & { fault: FaultTypeName }

/**
 * An immutable, chainable fault rule. Every method returns a new builder,
 * so a base rule can be shared and refined.
 *
 * @example
 * const policy = createFaultPolicy(
 *   [fault('timeout_after_mutation').on('refund_payment').at(1)],
 *   { seed: 0 },
 * )
 */
export class FaultRuleBuilder {
  readonly #rule: FaultRule
  /** Where the rule was started (`fault(...).on(...)`), named in its errors. */
  readonly site: CallSite | undefined

  constructor(rule: FaultRule, site: CallSite | undefined = callSite()) {
    this.#rule = rule
    this.site = site
  }

  /** The rule's id; seeded probabilities depend on it. Default `<fault>@<tool>`. */
  id(id: string): FaultRuleBuilder {
    return new FaultRuleBuilder({ ...this.#rule, id }, this.site)
  }

  /** Only the given call numbers of the tool (1-based). */
  at(call: number, ...more: number[]): FaultRuleBuilder {
    const when = { ...this.#rule.when }
    delete when.call
    delete when.calls
    return new FaultRuleBuilder(
      {
        ...this.#rule,
        when: more.length === 0 ? { ...when, call } : { ...when, calls: [call, ...more] },
      },
      this.site,
    )
  }

  /** Every n-th call: n, 2n, 3n, ... */
  every(n: number): FaultRuleBuilder {
    return this.#when({ every: n })
  }

  /** The n-th call and every one after it. */
  from(n: number): FaultRuleBuilder {
    return this.#when({ from: n })
  }

  /** Fire at most this many times in the case. */
  times(maxTimes: number): FaultRuleBuilder {
    return this.#when({ maxTimes })
  }

  /** Only calls whose arguments deep-equal these values (other arguments are ignored). */
  withArgs(args: JsonObject): FaultRuleBuilder {
    return this.#when({ args })
  }

  /** Fire on this share of the matching calls, drawn from the seed: same seed, same calls. */
  withProbability(probability: number): FaultRuleBuilder {
    return this.#when({ probability })
  }

  /** The fault's parameters; the catalog fills in defaults for the rest. */
  with(params: JsonObject): FaultRuleBuilder {
    return new FaultRuleBuilder(
      { ...this.#rule, params: { ...this.#rule.params, ...params } },
      this.site,
    )
  }

  /** The rule as a plain, document-shaped object. */
  build(): FaultRule {
    return structuredClone(this.#rule)
  }

  #when(condition: NonNullable<FaultRule['when']>): FaultRuleBuilder {
    return new FaultRuleBuilder(
      { ...this.#rule, when: { ...this.#rule.when, ...condition } },
      this.site,
    )
  }
}

/**
 * Starts a fault rule for code-level tests. Without a condition the rule
 * faults every call of the tool.
 *
 * @example
 * fault('rate_limited').on('search_orders').every(2).with({ retryAfterSeconds: 5 })
 * fault('server_error').on('refund_payment').withProbability(0.3).id('flaky-refunds')
 */
export function fault(type: FaultTypeName): { on(tool: string): FaultRuleBuilder } {
  return {
    on: (tool) => new FaultRuleBuilder({ id: `${type}@${tool}`, tool, fault: type }),
  }
}

/** What `createFaultPolicy` accepts: a document rule, a typed plain object, or a builder. */
export type FaultRuleInput = FaultRule | TypedFaultRule | FaultRuleBuilder

/** The plain rule of an input (a builder builds a copy). */
export function toFaultRule(input: FaultRuleInput): FaultRule {
  return input instanceof FaultRuleBuilder ? input.build() : input
}

/** Where a rule built in code was started, if it was built with {@link fault}. */
export function siteOf(input: FaultRuleInput): CallSite | undefined {
  return input instanceof FaultRuleBuilder ? input.site : undefined
}
