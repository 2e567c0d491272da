import type { AgentResult } from '../../../src/core/case-run.ts'
import type { SupportResponse } from './service.ts'

/**
 * Maps the service's JSON answer onto AgentTwin's agent contract. The tool
 * call list travels along as the agent's claim; evaluators never trust it.
 *
 * @example
 * toAgentResult({ reply: 'Done!', outcome: 'SUCCESS', tool_calls: [], handed_off: false, ... })
 * // { reply: 'Done!', outcome: 'SUCCESS', toolCalls: [], handoff: false }
 */
export function toAgentResult(response: SupportResponse): AgentResult {
  return {
    reply: response.reply,
    outcome: response.outcome,
    toolCalls: response.tool_calls.map(({ tool, args, status }) => ({ tool, args, status })),
    handoff: response.handed_off,
  }
}
