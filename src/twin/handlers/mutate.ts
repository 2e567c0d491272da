import type { MutateHandler } from '../../schema/twin-document.ts'
import { renderResponse } from '../answers.ts'
import { resolveEffect } from '../effects.ts'
import {
  failedPrecondition,
  type HandlerContext,
  locate,
  notFoundPlan,
  type Plan,
  valueAt,
} from './context.ts'

/**
 * Changes an existing target: not found → `notFound`; a failing precondition
 * → its `error`; otherwise the effects in order (paths relative to the target).
 * Default answer: 200 with the target after the effects.
 */
export function planMutate(handler: MutateHandler, context: HandlerContext): Plan {
  const target = locate(context, handler.target)
  if (!target.found) return notFoundPlan(context, handler.notFound, target.path)
  const failed = failedPrecondition(context, handler.preconditions, target.value!, target.value)
  if (failed) return failed
  const scope = { ...context.scope, target: target.value }
  return {
    effects: handler.effects.map((effect) => resolveEffect(effect, target.segments, scope)),
    respond: (state) => {
      const after = valueAt(state, target.segments)
      const fallback = { status: 200, body: after ?? null }
      return renderResponse(handler.response, { ...context.scope, target: after }, fallback)
    },
  }
}
