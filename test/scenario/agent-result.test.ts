import { describe, expect, it } from 'vitest'
import { agentResultProblems, normaliseAgentResult } from '../../src/case/agent-result.ts'
import { readAgentResult } from '../../src/case/case-run.ts'

describe('the agent contract: outcome is optional', () => {
  it('accepts a result with a reply and no outcome', () => {
    expect(agentResultProblems({ reply: 'Which order is it?' })).toEqual([])
  })

  it('still refuses an outcome outside the vocabulary, and says it may be left out', () => {
    expect(agentResultProblems({ reply: 'ok', outcome: 'DONE' })).toEqual([
      'outcome must be one of SUCCESS, PARTIAL, FAILURE when given (or left out to read it from the reply), got "DONE"',
    ])
  })

  it('reads a missing outcome from the reply and marks it inferred', () => {
    const result = normaliseAgentResult({ reply: 'Your refund has been issued.' })
    expect(result.outcome).toBe('SUCCESS')
    expect(result.inferred?.family).toBe('success')
    expect(result.inferred?.basis).toMatchInlineSnapshot(
      `"the reply reads as success ("has been issued")"`,
    )
  })

  it('a reply that asks has no outcome, only the inferred family', () => {
    const result = normaliseAgentResult({ reply: 'Could you tell me your order number?' })
    expect(result.outcome).toBeUndefined()
    expect(result.inferred?.family).toBe('needs_info')
  })

  it('an unreadable reply is unknown, never a success', () => {
    const { result } = readAgentResult({ reply: 'Bananas.' }, 'agent')
    expect(result?.outcome).toBeUndefined()
    expect(result?.inferred?.family).toBe('unknown')
  })

  it('a stated outcome is kept as stated and not marked inferred', () => {
    const result = normaliseAgentResult({
      reply: 'Your refund has been issued.',
      outcome: 'FAILURE',
    })
    expect(result).toEqual({ reply: 'Your refund has been issued.', outcome: 'FAILURE' })
  })
})
