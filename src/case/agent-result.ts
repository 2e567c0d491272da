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
  if (Array.isArray(result.toolCalls)) problems.push(...toolCallProblems(result.toolCalls))
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

function toolCallProblems(calls: unknown[]): string[] {
  return calls.flatMap((call, index) => {
    const at = `toolCalls[${index}]`
    if (typeof call !== 'object' || call === null || Array.isArray(call)) {
      return [`${at} must be an object { tool, args? }, got ${describe(call)}`]
    }
    const { tool, args } = call as Record<string, unknown>
    const problems: string[] = []
    if (typeof tool !== 'string')
      problems.push(`${at}.tool must be a string, got ${describe(tool)}`)
    if (args !== undefined) {
      if (typeof args !== 'object' || args === null || Array.isArray(args)) {
        problems.push(`${at}.args must be an object when given, got ${describe(args)}`)
      } else {
        const where = notJsonAt(args, `${at}.args`, new Set())
        if (where) problems.push(`${where} is not plain JSON`)
      }
    }
    return problems
  })
}

/** Where `value` stops being plain JSON (a function, a class instance, a cycle, NaN), if it does. */
function notJsonAt(value: unknown, path: string, open: Set<object>): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} (${value})`
  if (typeof value !== 'object') return `${path} (${describe(value)})`
  if (open.has(value)) return `${path} (a cycle)`
  const prototype = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) {
    return `${path} (a ${value.constructor?.name ?? 'class'} instance)`
  }
  open.add(value)
  try {
    for (const [key, item] of Object.entries(value)) {
      // An absent property, as JSON writes it (left out).
      if (item === undefined && !Array.isArray(value)) continue
      const where = notJsonAt(
        item,
        Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`,
        open,
      )
      if (where) return where
    }
    return undefined
  } finally {
    open.delete(value)
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'string')
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}
