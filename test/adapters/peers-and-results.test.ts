import { describe, expect, it } from 'vitest'
import { MissingPeerError } from '../../src/adapters/errors.ts'
import { loadPeer } from '../../src/adapters/peer.ts'
import { readAgentResult } from '../../src/scenario/case-run.ts'

/** An entry of the peer that exists nowhere: what Node (or Vite) says when the package is missing. */
const MISSING: string = '@mastra/core/no-such-entry-agenttwin'

describe('an adapter whose framework is not installed', () => {
  it('fails with a coded error naming the package to install', async () => {
    const load = loadPeer(
      'agenttwin/adapters/mastra',
      ['@mastra/core', 'zod'],
      '@mastra/core',
      () => import(/* @vite-ignore */ MISSING),
    )
    const error = await load.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(MissingPeerError)
    expect(error).toMatchObject({
      code: 'AGENTTWIN_MISSING_PEER',
      packages: ['@mastra/core', 'zod'],
      message: expect.stringContaining('npm i -D @mastra/core zod'),
    })
  })

  it('passes on a failure that is not the peer missing', async () => {
    const broken = new Error('the framework failed to start')
    await expect(
      loadPeer('agenttwin/adapters/ai-sdk', ['ai'], 'ai', () => Promise.reject(broken)),
    ).rejects.toBe(broken)
  })
})

describe('what an agent returns', () => {
  it('may leave the outcome out, and give tool-call arguments as a record of unknowns', () => {
    const args: Record<string, unknown> = { order_id: 'ORD-1001', amount: 40, note: undefined }
    const read = readAgentResult(
      { reply: 'Done.', toolCalls: [{ tool: 'refund_payment', args }] },
      'v1',
    )
    expect(read).toEqual({
      result: {
        reply: 'Done.',
        outcome: 'SUCCESS',
        inferred: { family: 'success', basis: expect.any(String) },
        toolCalls: [{ tool: 'refund_payment', args: { order_id: 'ORD-1001', amount: 40 } }],
      },
    })
  })

  it('is malformed when a stated outcome is not one of the three, or arguments are not plain JSON', () => {
    const cyclic: Record<string, unknown> = { order_id: 'ORD-1001' }
    cyclic.self = cyclic
    const read = readAgentResult(
      {
        reply: 'Done.',
        outcome: 'DONE',
        toolCalls: [
          { tool: 'a', args: { when: new Date(0) } },
          { tool: 'b', args: cyclic },
          { tool: 'c', args: { amount: Number.NaN } },
          { args: {} },
        ],
      },
      'v1 returned a malformed result',
    )
    expect(read.error?.kind).toBe('malformed-result')
    expect(read.error?.message).toBe(
      'v1 returned a malformed result: outcome must be one of SUCCESS, PARTIAL, FAILURE when given (or left out to read it from the reply), got "DONE"; ' +
        'toolCalls[0].args.when (a Date instance) is not plain JSON; toolCalls[1].args.self (a cycle) is not plain JSON; ' +
        'toolCalls[2].args.amount (NaN) is not plain JSON; toolCalls[3].tool must be a string, got undefined.',
    )
  })
})
