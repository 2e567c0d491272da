import { resultDiff } from '../expectation-diff.ts'
import { pathsArgument, textArgument } from './arguments.ts'
import type { MatcherPart } from './define.ts'

/**
 * `toHaveNoDuplicateSideEffect(tool?)`: the `noDuplicateSideEffect`
 * expectation. No effect key (of `tool`, or of any tool that declares one)
 * was applied twice; replays from the idempotency store do not count.
 * @example
 * expect(run).toHaveNoDuplicateSideEffect('refund_payment')
 */
export const toHaveNoDuplicateSideEffect: MatcherPart<'toHaveNoDuplicateSideEffect'> = {
  spell({ name }, tool) {
    const which = tool === undefined ? undefined : textArgument(name, 'tool', tool)
    const subject = which ?? 'any tool'
    return {
      expectation: {
        id: name,
        type: 'noDuplicateSideEffect',
        ...(which === undefined ? {} : { tool: which }),
      },
      wording: {
        positive: `to apply no effect of ${subject} twice`,
        negative: `to apply an effect of ${subject} more than once`,
      },
    }
  },
  diff: resultDiff,
}

/**
 * `toHaveNoCollateralChanges(allow)`: the `noCollateralChanges` expectation.
 * Every state path the case changed lies under one of the allowed paths.
 * @example
 * expect(run).toHaveNoCollateralChanges(['orders.ORD-1001', 'emails', 'handoffs'])
 */
export const toHaveNoCollateralChanges: MatcherPart<'toHaveNoCollateralChanges'> = {
  spell({ name }, allow) {
    const paths = pathsArgument(name, allow)
    const under = paths.length > 0 ? `under ${paths.join(', ')}` : 'nowhere (nothing allowed)'
    return {
      expectation: { id: name, type: 'noCollateralChanges', allow: paths },
      wording: {
        positive: `to change state only ${under}`,
        negative:
          paths.length > 0 ? `to change state outside ${paths.join(', ')}` : 'to change state',
      },
    }
  },
  diff: resultDiff,
}
