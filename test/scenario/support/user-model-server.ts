import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { GOAL_CHECK_QUESTION, GOAL_REACHED_MARK } from '../../../src/case/model-user.ts'
import type { PinnedCase } from '../../../src/scenario/pin.ts'
import { pinnedText } from './simulated.ts'

/** What the scripted customer says next: `agent` is the agent's last words, `asked` counts requests. */
export type CustomerLines = (agent: string, asked: number) => string

/** The customer of the simulated-user tests: asked for the order, it gives it; asked to confirm, it says yes. */
export const customer: CustomerLines = (agent) =>
  /order number/i.test(agent)
    ? 'It is ORD-1.'
    : /shall i/i.test(agent)
      ? 'Yes, please go ahead.'
      : /refund is done/i.test(agent)
        ? GOAL_REACHED_MARK
        : 'Hello, my order arrived broken and I would like a refund.'

/**
 * A scripted OpenAI-compatible model playing the customer (not a language
 * model): it answers what the agent (role `user` to it) said last, and the
 * goal check before a scripted turn by whether the refund is done.
 */
export async function startUserModel(lines: CustomerLines = customer) {
  let asked = 0
  const server = createServer(async (request, response) => {
    let text = ''
    for await (const chunk of request) text += chunk
    asked++
    const body = JSON.parse(text) as { messages: Array<{ role: string; content: string }> }
    const said = body.messages.filter((m) => m.role === 'user').map((m) => m.content)
    const checking = said.at(-1) === GOAL_CHECK_QUESTION
    const agent = (checking ? said.at(-2) : said.at(-1)) ?? ''
    const say = checking
      ? /refund is done/i.test(agent)
        ? GOAL_REACHED_MARK
        : '###NOT_YET###'
      : lines(agent, asked)
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        id: 'chatcmpl-user',
        model: 'user-model-1',
        choices: [
          { index: 0, finish_reason: 'stop', message: { role: 'assistant', content: say } },
        ],
        usage: { prompt_tokens: 40, completion_tokens: 8 },
      }),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    asked: () => asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** A one-customer scenario over the fixtures' shop whose user the model at `baseUrl` plays, pinned. */
export function modelUserScenario(baseUrl: string, id = 'refund-model-user'): PinnedCase {
  return pinnedText(`apiVersion: agenttwin/scenario.v1
id: ${id}
version: 1.0.0
title: A customer played by a language model
twin: ./shop.twin.yaml
user:
  persona: A customer whose order arrived broken.
  goal: Get order ORD-1 refunded.
  private: { order_id: ORD-1 }
  maxTurns: 5
  model: { model: user-model-1, baseUrl: "${baseUrl}" }
expectations:
  - { id: refunded-once, type: state, path: orders.ORD-1.refund_count, equals: 1 }
`)
}
