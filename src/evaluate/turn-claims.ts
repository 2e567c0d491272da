import type { AgentResult, CaseRun } from '../core/case-run.ts'
import { type ClaimFamily, familyOfOutcome } from '../core/claim.ts'
import { readReplyClaim, readStructuredClaim } from '../core/classify-claim.ts'
import type { CaseTurn } from '../core/conversation.ts'

/** One turn's reply as the ledger reads it. */
export interface TurnClaim {
  turn: number
  user: string
  reply: string
  family: ClaimFamily | 'unknown'
  /** `stated` (the agent's outcome or claim class) or `reply` (read with the claim phrase table). */
  source: 'stated' | 'reply'
  basis: string
}

/** The turns of a case, a one-turn case as a conversation of one turn (its state is the final state). */
export function turnsOf(run: CaseRun): CaseTurn[] {
  if (run.conversation) return run.conversation
  return [
    {
      turn: 1,
      user: '',
      input: run.input,
      ...(run.result && { result: run.result }),
      ...(run.error && { error: run.error }),
      state: run.finalState,
    },
  ]
}

/**
 * What a reply claims: the agent's structured claim class or stated outcome
 * when it gave one (an inferred outcome is not a statement), else the reply
 * read with the claim phrase table.
 */
export function claimOf(turn: number, user: string, result: AgentResult): TurnClaim {
  const base = { turn, user, reply: result.reply }
  if (typeof result.claimClass === 'string' && result.claimClass.trim() !== '') {
    const reading = readStructuredClaim(result.claimClass)
    return { ...base, family: reading.family, source: 'stated', basis: reading.basis }
  }
  if (result.outcome !== undefined && result.inferred === undefined) {
    return {
      ...base,
      family: familyOfOutcome(result.outcome),
      source: 'stated',
      basis: `stated outcome ${result.outcome}`,
    }
  }
  const reading = readReplyClaim(result.reply)
  return { ...base, family: reading.family, source: 'reply', basis: reading.basis }
}

/** `"Your refund has been issued."`, shortened for a sentence. */
export function quoteReply(reply: string): string {
  const text = reply.replace(/\s+/g, ' ').trim()
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

/** A reply that asks the user: it reads as needs_info, or it ends on a question. */
export function replyAsks(reply: string): boolean {
  const claim = claimOf(0, '', { reply })
  return claim.family === 'needs_info' || /\?\s*$/.test(reply.trim())
}
