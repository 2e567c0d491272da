import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterAll, describe, expect, it } from 'vitest'
import { runCase } from '../../src/case/index.ts'
import { cassettePath, readCassette } from '../../src/models/index.ts'
import type { Agent } from '../../src/scenario/types.ts'
import { pinnedDemoScenarios } from '../demo-co/support/scenarios.ts'

const pinned = pinnedDemoScenarios().get('order-status-question')!
const dir = mkdtempSync(join(tmpdir(), 'agenttwin-live-stream-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const chunk = (content: string) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'scripted-model-1',
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
})

/**
 * Streams a first event, then holds the rest until the agent says it has read
 * that event (or a fallback wait ends, so a buffering proxy fails the test
 * instead of hanging it).
 */
async function startHeldStream() {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const state = { lastSent: false }
  const server = createServer(async (request, response) => {
    for await (const _ of request) {
      // drain the request
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' })
    response.write(`data: ${JSON.stringify(chunk('first '))}\n\n`)
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 3_000))])
    response.write(`data: ${JSON.stringify(chunk('last'))}\n\n`)
    state.lastSent = true
    response.end('data: [DONE]\n\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    state,
    release: () => release(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

function streamingAgent(baseURL: string, onFirst: () => void): Agent {
  return {
    name: 'ttft',
    version: '1',
    async run() {
      const client = new OpenAI({ apiKey: 'sk-none', baseURL, maxRetries: 0 })
      const stream = await client.chat.completions.create({
        model: 'scripted-model-1',
        messages: [{ role: 'user', content: 'hi' }],
        stream: true,
      })
      let reply = ''
      for await (const part of stream) {
        if (reply === '') onFirst()
        reply += part.choices[0]?.delta.content ?? ''
      }
      return { reply, outcome: 'SUCCESS' }
    },
  }
}

describe('a live streamed answer', () => {
  it('reaches the agent event by event while it is recorded, not after the stream ends', async () => {
    const server = await startHeldStream()
    let lastSentWhenFirstRead: boolean | undefined
    const agent = streamingAgent(server.baseUrl, () => {
      lastSentWhenFirstRead = server.state.lastSent
      server.release()
    })
    const run = await runCase(pinned, agent, {
      models: { hosts: [server.baseUrl], cassetteDir: dir, cli: 'record' },
    })
    await server.close()
    expect(run.error).toBeUndefined()
    expect(lastSentWhenFirstRead).toBe(false)
    expect(run.result?.reply).toBe('first last')
    const cassette = readCassette(cassettePath(dir, pinned.scenario.id, agent))!
    expect(cassette.interactions[0]!.response.events?.map((event) => event.data)).toEqual([
      chunk('first '),
      chunk('last'),
      '[DONE]',
    ])

    const replayed = await runCase(
      pinned,
      streamingAgent(server.baseUrl, () => {}),
      {
        models: { hosts: [server.baseUrl], cassetteDir: dir, cli: 'replay' },
      },
    )
    expect(replayed.result).toEqual(run.result)
  })
})
