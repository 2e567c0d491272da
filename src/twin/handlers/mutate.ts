import type { MutateHandler } from '../../schema/twin-document.ts'
import { renderResponse } from '../answers.ts'
import { resolveEffect } from '../effects.ts'
import { existingTarget, type HandlerContext, type Plan, valueAt } from './context.ts'

/**
 * Changes an existing target: not found → `notFound`; a failing precondition
 * → its `error`; otherwise the effects in order (paths relative to the target).
 * Default answer: 200 with the target after the effects.
 */
export function planMutate(handler: MutateHandler, context: HandlerContext): Plan {
  const found = existingTarget(context, handler)
  if ('answer' in found) return found.answer
  const { target, scope } = found
  return {
    effects: handler.effects.map((effect) => resolveEffect(effect, target.segments, scope)),
    respond: (state) => {
      const after = valueAt(state, target.segments)
      const fallback = { status: 200, body: after ?? null }
      return renderResponse(handler.response, { ...context.scope, target: after }, fallback)
    },
  }
}
