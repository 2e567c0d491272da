// A scripted OpenAI-compatible model (Chat Completions, streamed or not) on 127.0.0.1:4020, to record
// the adapter examples' cassettes without a provider key:
//   npx tsx examples/adapters/serve-scripted-model.ts
// Not a language model: the fixed policy of scripted-policy.ts (the support agent) and of
// scripted-customer.ts (the simulated customer), answered in the OpenAI wire format.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { customerLine, isCustomer } from './scripted-customer.ts'
import { nextMove, type PolicyMessage } from './scripted-policy.ts'

const PORT = Number(process.env.PORT ?? 4020)
const MODEL = 'scripted-model-1'
const USAGE = { prompt_tokens: 120, completion_tokens: 15, total_tokens: 135 }

interface WireMessage {
  role: string
  content?: string | Array<{ type: string; text?: string }> | null
  tool_call_id?: string
  tool_calls?: Array<{ id: string; function: { name: string } }>
}

function text(content: WireMessage['content']): string {
  if (typeof content === 'string') return content
  return (content ?? []).map((part) => part.text ?? '').join('')
}

/** The wire messages as the policy reads them: a tool result names the tool that was called. */
function policyMessages(messages: WireMessage[]): PolicyMessage[] {
  const toolNames = new Map<string, string>()
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) toolNames.set(call.id, call.function.name)
  }
  return messages.map((message) => {
    const role = message.role === 'developer' ? 'system' : message.role
    const tool = message.tool_call_id ? toolNames.get(message.tool_call_id) : undefined
    return {
      role: role as PolicyMessage['role'],
      content: text(message.content),
      ...(tool && { tool }),
    }
  })
}

/** Each call gets an id from the conversation's length, so a replayed run asks for the same ids. */
function assistantMessage(messages: WireMessage[]) {
  const read = policyMessages(messages)
  if (isCustomer(read)) return { role: 'assistant', content: customerLine(read) }
  const move = nextMove(read)
  if ('say' in move) return { role: 'assistant', content: move.say }
  const id = `call_${messages.length}`
  const fn = { name: move.call.tool, arguments: JSON.stringify(move.call.args) }
  return { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: fn }] }
}

function answer(body: { messages?: WireMessage[]; stream?: boolean }, response: ServerResponse) {
  if (!Array.isArray(body.messages)) {
    response.writeHead(400, { 'content-type': 'application/json' })
    response.end(
      JSON.stringify({ error: { message: 'this scripted model answers chat completions' } }),
    )
    return
  }
  const message = assistantMessage(body.messages)
  const finish = message.tool_calls ? 'tool_calls' : 'stop'
  const base = { id: 'chatcmpl-1', created: 1_700_000_000, model: MODEL }
  if (!body.stream) {
    response.writeHead(200, { 'content-type': 'application/json' })
    const choices = [{ index: 0, message, finish_reason: finish }]
    response.end(JSON.stringify({ ...base, object: 'chat.completion', choices, usage: USAGE }))
    return
  }
  const chunk = (delta: unknown, finishReason: string | null, usage?: unknown) =>
    `data: ${JSON.stringify({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...(usage !== undefined && { usage }),
    })}\n\n`
  const delta = message.tool_calls
    ? {
        role: 'assistant',
        tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })),
      }
    : { role: 'assistant', content: message.content }
  response.writeHead(200, { 'content-type': 'text/event-stream' })
  response.write(chunk(delta, null))
  response.write(chunk({}, finish, USAGE))
  response.end('data: [DONE]\n\n')
}

const server = createServer((request: IncomingMessage, response: ServerResponse) => {
  let body = ''
  request.on('data', (part) => {
    body += part
  })
  request.on('end', () => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404).end()
      return
    }
    answer(JSON.parse(body), response)
  })
})
server.listen(PORT, '127.0.0.1', () => {
  console.log(`scripted model at http://127.0.0.1:${PORT}/v1; Ctrl-C to stop`)
})
