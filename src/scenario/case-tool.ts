import type { ToolDefinition } from '../schema/twin-document.ts'
import type { CaseTool } from './types.ts'

/**
 * What a CaseRun keeps of a twin's tool: the declared facts evaluators read
 * (risk, effect key, idempotency argument, whether it hands off to a human).
 * @example
 * run.tools = twin.tools.map(toCaseTool)
 */
export function toCaseTool(tool: ToolDefinition): CaseTool {
  const caseTool: CaseTool = { name: tool.name, risk: tool.risk }
  if (tool.effectKey) caseTool.effectKey = tool.effectKey
  if (tool.idempotency) caseTool.idempotencyArgument = tool.idempotency.argument
  if (tool.handoff) caseTool.handoff = true
  return caseTool
}
