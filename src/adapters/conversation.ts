/** What every adapter hands its framework: the conversation so far, and what it keeps of the answer. */

import type { AgentResult, AgentToolCall } from '../core/case-run.ts'
import type { JsonValue } from '../core/json.ts'
import type { AgentContext, ConversationMessage } from '../scenario/types.ts'
import { AgentInputError } from './errors.ts'

/** The name and version an adapted agent runs under in reports and comparisons. */
export interface AdapterOptions {
  /** Default: the framework agent's own name, where it has one. */
  name?: string
  version: string
}

/**
 * The messages to hand the framework: the conversation so far when the case
 * is a conversation (ending with this turn's user message), else the one user
 * message of the input (`input.message`, or the input when it is a string).
 */
export function conversationOf(
  input: JsonValue,
  context: Pick<AgentContext, 'conversation'> | undefined,
  agent: string,
): ConversationMessage[] {
  const messages = context?.conversation?.messages
  if (messages && messages.length > 0) return messages.map((m) => ({ ...m }))
  return [{ role: 'user', content: messageOf(input, agent) }]
}

function messageOf(input: JsonValue, agent: string): string {
  if (typeof input === 'string') return input
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const message = input.message
    if (typeof message === 'string') return message
  }
  throw new AgentInputError(agent, JSON.stringify(input) ?? String(input))
}

/** A framework's token counts, when it gave both. */
export function tokensOf(
  input: number | undefined,
  output: number | undefined,
): AgentResult['tokens'] {
  return typeof input === 'number' && typeof output === 'number' ? { input, output } : undefined
}

/** Assembles the agent's result: the reply, its own tool-call list (a claim) and its token counts. */
export function adaptedResult(
  reply: string,
  toolCalls: AgentToolCall[],
  tokens: AgentResult['tokens'],
): AgentResult {
  return { reply, toolCalls, ...(tokens && { tokens }) }
}

/** Arguments a framework hands back as text (OpenAI function calls): parsed, or kept as text. */
export function parsedArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {
    // Not JSON: kept as the model wrote it, so the claim still says what was asked.
  }
  return { arguments: text }
}

/** One signal for the framework: the case's own, and the user's where they gave one. */
export function caseSignal(context: AgentContext, own: AbortSignal | undefined): AbortSignal {
  return own ? AbortSignal.any([context.signal, own]) : context.signal
}

/** A tool's result as the text a framework hands its model. */
export function resultText(value: JsonValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}
