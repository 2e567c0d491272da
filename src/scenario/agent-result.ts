import type { AgentResult, ClaimedOutcome } from '../core/case-run.ts'
import type { ClaimFamily } from '../core/claim.ts'
import { readReplyClaim } from '../core/classify-claim.ts'

const OUTCOMES: readonly ClaimedOutcome[] = ['SUCCESS', 'PARTIAL', 'FAILURE']

/**
 * Checks what an agent returned against the agent contract. Returns the problems
 * in plain words; an empty list means the value is a well-formed `AgentResult`.
 */
export function agentResultProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`the agent returned ${describe(value)}; return an object { reply, outcome? }`]
  }
  const result = value as Record<string, unknown>
  const problems: string[] = []
  if (typeof result.reply !== 'string') {
    problems.push(`reply must be a string, got ${describe(result.reply)}`)
  }
  if (result.outcome !== undefined && !OUTCOMES.includes(result.outcome as ClaimedOutcome)) {
    problems.push(
      `outcome must be one of ${OUTCOMES.join(', ')} when given (or left out to read it from the reply), got ${describe(result.outcome)}`,
    )
  }
  if (result.toolCalls !== undefined && !Array.isArray(result.toolCalls)) {
    problems.push(`toolCalls must be an array when given, got ${describe(result.toolCalls)}`)
  }
  if (result.handoff !== undefined && typeof result.handoff !== 'boolean') {
    problems.push(`handoff must be a boolean when given, got ${describe(result.handoff)}`)
  }
  return problems
}

const OUTCOME_OF_FAMILY: Partial<Record<ClaimFamily | 'unknown', ClaimedOutcome>> = {
  success: 'SUCCESS',
  partial: 'PARTIAL',
  failure: 'FAILURE',
}

/**
 * Keeps only the contract's fields, so the case stays plain JSON. An agent
 * that states no outcome gets the one its reply reads as (claim phrase
 * table), marked `inferred`; a reply that asks, hedges or hands off has no
 * outcome, only the inferred family.
 */
export function normaliseAgentResult(value: AgentResult): AgentResult {
  const result: AgentResult = { reply: value.reply }
  if (value.outcome !== undefined) result.outcome = value.outcome
  else {
    const reading = readReplyClaim(value.reply)
    const outcome = OUTCOME_OF_FAMILY[reading.family]
    if (outcome) result.outcome = outcome
    result.inferred = { family: reading.family, basis: reading.basis }
  }
  if (value.toolCalls) result.toolCalls = JSON.parse(JSON.stringify(value.toolCalls))
  if (value.handoff !== undefined) result.handoff = value.handoff
  if (value.tokens) result.tokens = { input: value.tokens.input, output: value.tokens.output }
  if (value.claimClass !== undefined) result.claimClass = value.claimClass
  return result
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
