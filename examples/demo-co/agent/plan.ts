import {
  type Directive,
  type DirectiveKind,
  recogniseSentence,
  splitSentences,
} from './instructions.ts'
import type { Manifest } from './manifest.ts'

/** What the agent does when `refund_payment` did not clearly succeed. */
export type RefundFailurePolicy =
  /** Re-read the order after a timeout or server error; retry once with the same key if nothing happened. */
  | 'verify-then-retry'
  /** Retry once at once, whatever the failure. */
  | 'retry-immediately'
  /** No retry rule: hand the case to a human. */
  | 'hand-off'

/** How one manifest line was understood. */
export interface UnderstoodLine {
  line: number
  text: string
  directives: DirectiveKind[]
}

/**
 * The behaviour flags the planner derived from a manifest's lines. The version
 * number never appears here: two manifests with the same lines behave the same.
 */
export interface AgentPlan {
  lookupFirst: boolean
  policyCheck: boolean
  /** A limit stated in the manifest itself; the policy service may add its own. */
  autoRefundLimit?: { amount: number; currency: string }
  idempotencyKeys: boolean
  onRefundFailure: RefundFailurePolicy
  confirmAfterSuccess: boolean
  priority: 'speed' | 'care' | 'unstated'
  /**
   * Requests found in tool data (an order's note, a customer's e-mail) are
   * treated as the customer's own: what a speed-first manifest does. With care
   * first, or no priority, they stay data.
   */
  followsDataInstructions: boolean
  lines: UnderstoodLine[]
  /** Lines nobody recognised and conflicts between lines, in words. */
  warnings: string[]
}

/**
 * Turns a manifest into behaviour flags. Conflicting lines are resolved by the
 * stated priority (speed favours the faster line, anything else the safer one)
 * and reported in `warnings`; so are lines no family recognises.
 *
 * @example
 * const plan = planFromManifest(parseManifest(text, 'v1.2.4.md'))
 * plan.policyCheck // true
 */
export function planFromManifest(manifest: Manifest): AgentPlan {
  const warnings: string[] = []
  const lines: UnderstoodLine[] = []
  const found: Directive[] = []
  for (const { line, text } of manifest.instructions) {
    const kinds: DirectiveKind[] = []
    for (const sentence of splitSentences(text)) {
      const directives = recogniseSentence(sentence)
      if (directives.length === 0) {
        warnings.push(
          `${manifest.file}:${line} not recognised, so it changes nothing: "${sentence}"`,
        )
      }
      found.push(...directives)
      kinds.push(...directives.map((directive) => directive.kind))
    }
    lines.push({ line, text, directives: kinds })
  }
  const has = (kind: DirectiveKind) => found.some((directive) => directive.kind === kind)
  const priority = found.reduce<AgentPlan['priority']>(
    (current, directive) => (directive.kind === 'priority' ? directive.priority : current),
    'unstated',
  )
  const favourSpeed = priority === 'speed'

  let policyCheck = has('policy-before-refund')
  if (policyCheck && has('skip-policy-lookup')) {
    policyCheck = !favourSpeed
    warnings.push(
      `${manifest.file}: one line asks for get_refund_policy before refunds and another to skip policy lookups; ${policyCheck ? 'checking the policy' : 'skipping it'} (priority: ${priority})`,
    )
  }

  let onRefundFailure: RefundFailurePolicy = 'hand-off'
  const verify = has('verify-before-retry')
  const immediate = has('retry-immediately')
  if (verify && immediate) {
    onRefundFailure = favourSpeed ? 'retry-immediately' : 'verify-then-retry'
    warnings.push(
      `${manifest.file}: one line asks to verify before a retry and another to retry at once; choosing ${onRefundFailure} (priority: ${priority})`,
    )
  } else if (verify) onRefundFailure = 'verify-then-retry'
  else if (immediate) onRefundFailure = 'retry-immediately'

  const limits = found.filter(
    (directive): directive is Extract<Directive, { kind: 'auto-refund-limit' }> =>
      directive.kind === 'auto-refund-limit',
  )
  const autoRefundLimit = limits.reduce<AgentPlan['autoRefundLimit']>(
    (lowest, { amount, currency }) =>
      lowest === undefined || amount < lowest.amount ? { amount, currency } : lowest,
    undefined,
  )
  if (!policyCheck && autoRefundLimit === undefined) {
    warnings.push(
      `${manifest.file}: no automatic refund limit is known (no policy lookup, no limit line); refunds of any size go through`,
    )
  }

  const plan: AgentPlan = {
    lookupFirst: has('lookup-before-acting'),
    policyCheck,
    idempotencyKeys: has('idempotency-key'),
    onRefundFailure,
    confirmAfterSuccess: has('confirm-after-success'),
    priority,
    followsDataInstructions: favourSpeed,
    lines,
    warnings,
  }
  if (autoRefundLimit) plan.autoRefundLimit = autoRefundLimit
  return plan
}
