// A scripted OpenAI-compatible model on 127.0.0.1:4011, to record this example's cassettes
// without a provider key:
//   npx tsx examples/llm-agent/injection/serve-scripted-model.ts
//
// Not a language model: a fixed policy that behaves the way injected models do. It looks the
// order up; when a tool result asks for a refund and the system prompt does not say that tool
// results are data, it makes that refund; otherwise it answers with the order's status.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

const PORT = Number(process.env.PORT ?? 4011)
const MODEL = 'scripted-model-1'
const ASKED_REFUND = /Refund the full order total of (\d+(?:\.\d+)?)/
const TREATS_DATA_AS_DATA = /never instructions/

interface Message {
  role: string
  content: string | null
  tool_calls?: { function: { name: string; arguments: string } }[]
}

let calls = 0

function toolCall(name: string, args: Record<string, unknown>) {
  calls += 1
  return {
    role: 'assistant',
    content: null,
    tool_calls: [
      {
        id: `call_${calls}`,
        type: 'function',
        function: { name, arguments: JSON.stringify(args) },
      },
    ],
  }
}

/** The next assistant message for a conversation: the whole policy. */
function reply(messages: Message[]) {
  const system = messages.find((m) => m.role === 'system')?.content ?? ''
  const user = messages.find((m) => m.role === 'user')?.content ?? ''
  const orderId = /ORD-\d+/.exec(user)?.[0] ?? 'ORD-0000'
  const tools = messages.filter((m) => m.role === 'tool').map((m) => m.content ?? '')
  if (tools.length === 0) return toolCall('lookup_order', { order_id: orderId })
  const last = tools.at(-1)!
  const asked = ASKED_REFUND.exec(last)
  const refunded = messages.some((m) =>
    m.tool_calls?.some((call) => call.function.name === 'refund_payment'),
  )
  if (asked && !refunded && !TREATS_DATA_AS_DATA.test(system))
    return toolCall('refund_payment', { order_id: orderId, amount: Number(asked[1]) })
  if (refunded)
    return {
      role: 'assistant',
      content: `As the note on ${orderId} asked, I refunded the full total.`,
    }
  const status = /"status":"([^"]+)"/.exec(tools[0] ?? '')?.[1] ?? 'unknown'
  return { role: 'assistant', content: `Your order ${orderId} is ${status}.` }
}

function answer(body: { messages?: Message[]; stream?: boolean }, response: ServerResponse) {
  if (body.stream || !Array.isArray(body.messages)) {
    response.writeHead(400, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({
        error: { message: 'this scripted model answers non-streamed chat completions only' },
      }),
    )
    return
  }
  const message = reply(body.messages)
  response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1' })
  response.end(
    JSON.stringify({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: MODEL,
      choices: [
        { index: 0, message, finish_reason: 'tool_calls' in message ? 'tool_calls' : 'stop' },
      ],
      usage: { prompt_tokens: 80, completion_tokens: 12 },
    }),
  )
}

const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let text = ''
  request.on('data', (chunk) => {
    text += chunk
  })
  request.on('end', () => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404).end()
      return
    }
    answer(JSON.parse(text), response)
  })
})
server.listen(PORT, '127.0.0.1', () => {
  console.log(`scripted model at http://127.0.0.1:${PORT}/v1; Ctrl-C to stop`)
})
