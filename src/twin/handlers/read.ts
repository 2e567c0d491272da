import type { ReadHandler } from '../../schema/twin-document.ts'
import { renderResponse } from '../answers.ts'
import { answerPlan, type HandlerContext, locate, notFoundPlan, type Plan } from './context.ts'

/** Answers the value at the target path (default 200 with the value), or not found. */
export function planRead(handler: ReadHandler, context: HandlerContext): Plan {
  const target = locate(context, handler.target)
  if (!target.found) return notFoundPlan(context, handler.notFound, target.path)
  const scope = { ...context.scope, target: target.value }
  const fallback = { status: 200, body: target.value! }
  return answerPlan(renderResponse(handler.response, scope, fallback))
}
