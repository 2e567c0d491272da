import type { DeleteHandler } from '../../schema/twin-document.ts'
import { renderResponse } from '../answers.ts'
import {
  failedPrecondition,
  type HandlerContext,
  locate,
  notFoundPlan,
  type Plan,
} from './context.ts'

/**
 * Removes an existing target (array items are spliced out).
 * Default answer: 200 with `{ deleted: true }`; `{$target}` is the removed value.
 */
export function planDelete(handler: DeleteHandler, context: HandlerContext): Plan {
  const target = locate(context, handler.target)
  if (!target.found) return notFoundPlan(context, handler.notFound, target.path)
  const failed = failedPrecondition(context, handler.preconditions, target.value!, target.value)
  if (failed) return failed
  const scope = { ...context.scope, target: target.value }
  return {
    effects: [{ op: 'unset', path: target.segments }],
    respond: () =>
      renderResponse(handler.response, scope, { status: 200, body: { deleted: true } }),
  }
}
