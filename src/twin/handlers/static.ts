import type { StaticHandler } from '../../schema/twin-document.ts'
import { renderResponse } from '../answers.ts'
import { answerPlan, type HandlerContext, type Plan } from './context.ts'

/** Always the same (templated) answer; touches no state. */
export function planStatic(handler: StaticHandler, context: HandlerContext): Plan {
  const fallback = { status: handler.response.status, body: null }
  return answerPlan(renderResponse(handler.response, context.scope, fallback))
}
