import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAgentResult } from '../../src/case/case-run.ts'
import { loadPeer, MissingPeerError, requirePeerFunction } from '../../src/core/peer.ts'

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

describe('the supported zod', () => {
  const repo = new URL('../../', import.meta.url)
  const read = (path: string) => JSON.parse(readFileSync(new URL(path, repo), 'utf8'))
  const minimum = /^\^(\d+\.\d+\.\d+)$/.exec(read('package.json').peerDependencies.zod)?.[1]

  /** Whether a caret range (or several, `||`) admits a version. */
  function admits(range: string, version: string): boolean {
    const [major, minor, patch] = version.split('.').map(Number)
    return range.split('||').some((part) => {
      const [m, n, p] = part.trim().replace(/^\^/, '').split('.').map(Number)
      if (m !== major) return false
      return minor! > n! || (minor === n && patch! >= p!)
    })
  }

  it('is stated as a caret range, and every framework accepts its oldest version', () => {
    expect(minimum).toBeDefined()
    for (const framework of ['ai', '@openai/agents', '@mastra/core']) {
      const range = read(`node_modules/${framework}/package.json`).peerDependencies.zod
      expect(admits(range, minimum!), `${framework} wants zod ${range}`).toBe(true)
    }
  })

  it('is what the tests run with, and has what the Mastra tools are built with', async () => {
    const installed = read('node_modules/zod/package.json').version
    expect(admits(`^${minimum}`, installed)).toBe(true)
    const zod = await import('zod')
    const schema = zod.fromJSONSchema({
      type: 'object',
      properties: { order_id: { type: 'string' } },
      required: ['order_id'],
    })
    expect(schema.safeParse({ order_id: 'ORD-1001' }).success).toBe(true)
    expect(schema.safeParse({}).success).toBe(false)
  })

  it('refuses an older zod with the range to install, not a TypeError on the first tool', () => {
    const older = { z: {} }
    expect(() =>
      requirePeerFunction('agenttwin/adapters/mastra', 'zod', '^4.2.0', older, 'fromJSONSchema'),
    ).toThrow(
      expect.objectContaining({
        code: 'AGENTTWIN_MISSING_PEER',
        message: expect.stringContaining('npm i -D zod@"^4.2.0"'),
      }),
    )
  })
})
