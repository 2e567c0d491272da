import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A scripted model server on 127.0.0.1: the first turn asks for the
 * `lookup_order` tool, the turn after a tool result answers with text that
 * quotes the result. OpenAI Chat Completions, OpenAI Responses and Anthropic
 * Messages, each streamed (SSE) or not, in the providers' wire formats.
 */
export interface ModelServer {
  baseUrl: string
  /** Authorization / x-api-key headers the server saw, to prove they were sent. */
  keys: string[]
  close(): Promise<void>
}

const MODEL = 'scripted-model-1'
const ARGS = '{"order_id":"ORD-1001"}'

// biome-ignore lint/suspicious/noExplicitAny: wire bodies of three protocols, read loosely on purpose
type Body = Record<string, any>

function sse(response: ServerResponse, events: Array<[string | undefined, unknown]>): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_1' })
  for (const [event, data] of events) {
    const head = event ? `event: ${event}\n` : ''
    response.write(`${head}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)
  }
  response.end()
}

function json(response: ServerResponse, body: unknown): void {
  response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_1' })
  response.end(JSON.stringify(body))
}

function chat(body: Body, response: ServerResponse): void {
  const toolResult = body.messages.find((m: Body) => m.role === 'tool')?.content as
    | string
    | undefined
  const usage = {
    prompt_tokens: 50,
    completion_tokens: 7,
    prompt_tokens_details: { cached_tokens: 10 },
  }
  const message = toolResult
    ? { role: 'assistant', content: `Looked it up: ${toolResult}` }
    : {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'lookup_order', arguments: ARGS } },
        ],
      }
  const finish = toolResult ? 'stop' : 'tool_calls'
  const base = { id: 'chatcmpl-1', created: 1_700_000_000, model: MODEL }
  if (!body.stream) {
    json(response, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage,
    })
    return
  }
  const chunk = (delta: unknown, finish_reason: string | null) => ({
    ...base,
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason }],
  })
  const delta = toolResult
    ? { role: 'assistant', content: message.content }
    : { role: 'assistant', tool_calls: [{ index: 0, ...message.tool_calls![0] }] }
  sse(response, [
    [undefined, chunk(delta, null)],
    [undefined, chunk({}, finish)],
    [undefined, { ...base, object: 'chat.completion.chunk', choices: [], usage }],
    [undefined, '[DONE]'],
  ])
}

function responses(body: Body, response: ServerResponse): void {
  const input = Array.isArray(body.input) ? body.input : []
  const toolResult = input.find((item: Body) => item.type === 'function_call_output')?.output as
    | string
    | undefined
  const usage = {
    input_tokens: 60,
    output_tokens: 9,
    total_tokens: 69,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens_details: { reasoning_tokens: 0 },
  }
  const item = toolResult
    ? {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: `Looked it up: ${toolResult}`, annotations: [] }],
      }
    : {
        id: 'fc_1',
        type: 'function_call',
        call_id: 'call_1',
        name: 'lookup_order',
        arguments: ARGS,
        status: 'completed',
      }
  const full = {
    id: 'resp_1',
    object: 'response',
    created_at: 1_700_000_000,
    model: MODEL,
    status: 'completed',
    output: [item],
    usage,
  }
  if (!body.stream) {
    json(response, full)
    return
  }
  const text = toolResult ? `Looked it up: ${toolResult}` : undefined
  // A message streams its text as deltas, as the real API does; a function call arrives whole.
  const added =
    text === undefined ? item : { ...item, status: 'in_progress', content: [] as unknown[] }
  const textEvents: Array<[string, unknown]> =
    text === undefined
      ? []
      : [
          [
            'response.content_part.added',
            {
              type: 'response.content_part.added',
              item_id: 'msg_1',
              output_index: 0,
              content_index: 0,
              part: { type: 'output_text', text: '', annotations: [] },
            },
          ],
          [
            'response.output_text.delta',
            {
              type: 'response.output_text.delta',
              item_id: 'msg_1',
              output_index: 0,
              content_index: 0,
              delta: text,
              logprobs: [],
            },
          ],
          [
            'response.output_text.done',
            {
              type: 'response.output_text.done',
              item_id: 'msg_1',
              output_index: 0,
              content_index: 0,
              text,
              logprobs: [],
            },
          ],
        ]
  const events: Array<[string, unknown]> = [
    [
      'response.created',
      {
        type: 'response.created',
        response: { ...full, status: 'in_progress', output: [], usage: null },
      },
    ],
    [
      'response.output_item.added',
      { type: 'response.output_item.added', output_index: 0, item: added },
    ],
    ...textEvents,
    ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
    ['response.completed', { type: 'response.completed', response: full }],
  ]
  sse(
    response,
    events.map(([event, data], at) => [event, { ...(data as Body), sequence_number: at }]),
  )
}

function messages(body: Body, response: ServerResponse): void {
  const blocks = body.messages.flatMap((m: Body) => (Array.isArray(m.content) ? m.content : []))
  const toolResult = blocks.find((b: Body) => b.type === 'tool_result')?.content as
    | string
    | undefined
  const text = `Looked it up: ${typeof toolResult === 'string' ? toolResult : JSON.stringify(toolResult)}`
  const content = toolResult
    ? [{ type: 'text', text }]
    : [{ type: 'tool_use', id: 'toolu_1', name: 'lookup_order', input: JSON.parse(ARGS) }]
  const stop = toolResult ? 'end_turn' : 'tool_use'
  const message = {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: MODEL,
    stop_sequence: null,
  }
  if (!body.stream) {
    json(response, {
      ...message,
      content,
      stop_reason: stop,
      usage: { input_tokens: 70, output_tokens: 11, cache_read_input_tokens: 20 },
    })
    return
  }
  const start = toolResult
    ? { type: 'text', text: '' }
    : { type: 'tool_use', id: 'toolu_1', name: 'lookup_order', input: {} }
  const delta = toolResult
    ? { type: 'text_delta', text }
    : { type: 'input_json_delta', partial_json: ARGS }
  sse(response, [
    [
      'message_start',
      {
        type: 'message_start',
        message: {
          ...message,
          content: [],
          stop_reason: null,
          usage: { input_tokens: 70, output_tokens: 1, cache_read_input_tokens: 20 },
        },
      },
    ],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: start }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      {
        type: 'message_delta',
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: 11 },
      },
    ],
    ['message_stop', { type: 'message_stop' }],
  ])
}

async function readBody(request: IncomingMessage): Promise<Body> {
  let text = ''
  for await (const chunk of request) text += chunk
  return JSON.parse(text) as Body
}

export async function startModelServer(port = 0): Promise<ModelServer> {
  const keys: string[] = []
  const server = createServer(async (request, response) => {
    keys.push(String(request.headers['x-api-key'] ?? request.headers.authorization ?? ''))
    const body = await readBody(request)
    if (request.url === '/v1/chat/completions') chat(body, response)
    else if (request.url === '/v1/responses') responses(body, response)
    else if (request.url === '/v1/messages') messages(body, response)
    else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${address.port}/v1`,
    keys,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
