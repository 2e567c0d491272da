import type { DeleteHandler } from '../../schema/twin-document.ts'
import { renderResponse } from '../answers.ts'
import { existingTarget, type HandlerContext, type Plan } from './context.ts'

/**
 * Removes an existing target (array items are spliced out).
 * Default answer: 200 with `{ deleted: true }`; `{$target}` is the removed value.
 */
export function planDelete(handler: DeleteHandler, context: HandlerContext): Plan {
  const found = existingTarget(context, handler)
  if ('answer' in found) return found.answer
  const { target, scope } = found
  return {
    effects: [{ op: 'unset', path: target.segments }],
    respond: () =>
      renderResponse(handler.response, scope, { status: 200, body: { deleted: true } }),
  }
}
