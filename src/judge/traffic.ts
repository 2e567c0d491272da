import type { Judge } from './types.ts'
import { withJudgeCall } from './wrap.ts'

/**
 * The judge with every call sent over `transport` (a case's model traffic, see
 * `modelFetch`): its requests are recorded, replayed or refused by the case's
 * model mode, like the agent's. The keyword fake makes no requests and is
 * returned as it is.
 * @example
 * const judge = judgeOver(resolveJudge(), modelFetch(session))
 */
export function judgeOver(judge: Judge, transport: typeof fetch): Judge {
  if (judge.kind === 'deterministic-fake') return judge
  return withJudgeCall(judge, (request) => judge.judge({ ...request, fetch: transport }))
}
