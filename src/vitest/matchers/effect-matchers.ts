import type { MatcherState } from 'vitest'
import { evaluateNoCollateralChanges, evaluateNoDuplicateSideEffect } from '../../evaluate/index.ts'
import { pathsArgument, textArgument } from './arguments.ts'
import { caseRunOf } from './case-run.ts'
import { evidenceList, evidenceOf, matcherResult, type SyncMatcherResult } from './verdict.ts'

/**
 * `toHaveNoDuplicateSideEffect(tool?)`: the `noDuplicateSideEffect`
 * expectation. No effect key (of `tool`, or of any tool that declares one)
 * was applied twice; replays from the idempotency store do not count.
 * @example
 * expect(run).toHaveNoDuplicateSideEffect('refund_payment')
 */
export function toHaveNoDuplicateSideEffect(
  this: MatcherState,
  received: unknown,
  tool?: string,
): SyncMatcherResult {
  const name = 'toHaveNoDuplicateSideEffect'
  const run = caseRunOf(received, name)
  const which = tool === undefined ? undefined : textArgument(name, 'tool', tool)
  const result = evaluateNoDuplicateSideEffect(
    { id: name, type: 'noDuplicateSideEffect', ...(which === undefined ? {} : { tool: which }) },
    run,
  )
  const effects = evidenceList(evidenceOf(result).effects)
  const applied = (cap: boolean) =>
    Object.fromEntries(
      effects.map((effect) => {
        const count = typeof effect.applied === 'number' ? effect.applied : 0
        return [String(effect.effectKey), cap ? Math.min(count, 1) : count]
      }),
    )
  const subject = which ?? 'any tool'
  return matcherResult(this, name, run, {
    result,
    wording: {
      positive: `to apply no effect of ${subject} twice`,
      negative: `to apply an effect of ${subject} more than once`,
    },
    actual: applied(false),
    expected: applied(true),
  })
}

/**
 * `toHaveNoCollateralChanges(allow)`: the `noCollateralChanges` expectation.
 * Every state path the case changed lies under one of the allowed paths.
 * @example
 * expect(run).toHaveNoCollateralChanges(['orders.ORD-1001', 'emails', 'handoffs'])
 */
export function toHaveNoCollateralChanges(
  this: MatcherState,
  received: unknown,
  allow: string[],
): SyncMatcherResult {
  const name = 'toHaveNoCollateralChanges'
  const run = caseRunOf(received, name)
  const paths = pathsArgument(name, allow)
  const result = evaluateNoCollateralChanges(
    { id: name, type: 'noCollateralChanges', allow: paths },
    run,
  )
  const collateral = evidenceList(evidenceOf(result).collateral).map(({ path, before, after }) => ({
    path,
    before,
    after,
  }))
  const under = paths.length > 0 ? `under ${paths.join(', ')}` : 'nowhere (nothing allowed)'
  return matcherResult(this, name, run, {
    result,
    wording: {
      positive: `to change state only ${under}`,
      negative:
        paths.length > 0 ? `to change state outside ${paths.join(', ')}` : 'to change state',
    },
    actual: collateral,
    expected: [],
  })
}
