// NOT A LANGUAGE MODEL. A scripted stand-in that answers the OpenAI Chat
// Completions API (streamed or not) on 127.0.0.1:4030, so you can re-record
// this starter's cassettes without a provider key:
//
//   node scripted-model.mjs &
//   AGENTTWIN_MODELS=record npx vitest run
//
// It follows a fixed policy for the starter's bookings conversations: find the
// booking number, look the booking up, cancel it with the refund the system
// prompt asks for, answer. To record against a real model instead, see the
// comments in booking-agent.ts (LLM_BASE_URL, LLM_MODEL, OPENAI_API_KEY).
import { createServer } from 'node:http'

const PORT = Number(process.env.PORT ?? 4030)
const MODEL = 'scripted-model-1'
const USAGE = { prompt_tokens: 150, completion_tokens: 20, total_tokens: 170 }
const BOOKING = /\bBK-\d+\b/

/** A message's text, whether the SDK sent a string or parts. */
function text(content) {
  if (typeof content === 'string') return content
  return (content ?? []).map((part) => part.text ?? '').join('')
}

/** The text of the last tool result for `tool`, or undefined. */
function resultOf(messages, tool) {
  const names = new Map()
  for (const message of messages) {
    for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name)
  }
  const found = messages.findLast(
    (message) => message.role === 'tool' && names.get(message.tool_call_id) === tool,
  )
  return found && text(found.content)
}

function numberIn(json, field) {
  const found = new RegExp(`"${field}":\\s*(\\d+(?:\\.\\d+)?)`).exec(json ?? '')
  return found ? Number(found[1]) : undefined
}

/** The policy: the next move for the conversation so far. */
function nextMove(messages) {
  const system = text(messages.find((m) => m.role === 'system' || m.role === 'developer')?.content)
  const said = messages.filter((m) => m.role === 'user').map((m) => text(m.content))
  const booking = said.map((line) => BOOKING.exec(line)?.[0]).findLast(Boolean)
  if (!booking)
    return { say: 'Which booking is it? Please send me its number (it starts with BK-).' }
  const found = resultOf(messages, 'get_booking')
  if (found === undefined) return { call: 'get_booking', args: { booking_id: booking } }
  if (!found.includes('"status":"confirmed"')) {
    return { say: `I could not cancel booking ${booking}: ${found}` }
  }
  const cancelled = resultOf(messages, 'cancel_booking')
  if (cancelled === undefined) {
    const refund = /full amount/i.test(system)
      ? numberIn(found, 'paid')
      : numberIn(found, 'refundable_on_cancel')
    const args = {
      booking_id: booking,
      refund_amount: refund,
      idempotency_key: `cancel-${booking}`,
    }
    return { call: 'cancel_booking', args }
  }
  if (!cancelled.includes('"status":"cancelled"')) {
    return { say: `I could not cancel booking ${booking}: ${cancelled}` }
  }
  return { say: `Done: booking ${booking} is cancelled and your refund is on its way.` }
}

/** The assistant message; a call's id comes from the conversation's length, so a replay asks the same. */
function assistantMessage(messages) {
  const move = nextMove(messages)
  if (move.say) return { role: 'assistant', content: move.say }
  const fn = { name: move.call, arguments: JSON.stringify(move.args) }
  const id = `call_${messages.length}`
  return { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: fn }] }
}

function answer(body, response) {
  const message = assistantMessage(body.messages)
  const finish = message.tool_calls ? 'tool_calls' : 'stop'
  const base = { id: 'chatcmpl-1', created: 1_700_000_000, model: MODEL }
  if (!body.stream) {
    response.writeHead(200, { 'content-type': 'application/json' })
    const choices = [{ index: 0, message, finish_reason: finish }]
    response.end(JSON.stringify({ ...base, object: 'chat.completion', choices, usage: USAGE }))
    return
  }
  const chunk = (delta, finishReason, usage) =>
    `data: ${JSON.stringify({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...(usage && { usage }),
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

const server = createServer((request, response) => {
  let body = ''
  request.on('data', (part) => {
    body += part
  })
  request.on('end', () => {
    if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
      response.writeHead(404).end()
      return
    }
    let parsed
    try {
      parsed = JSON.parse(body)
    } catch {
      parsed = undefined
    }
    if (!Array.isArray(parsed?.messages)) {
      response.writeHead(400, { 'content-type': 'application/json' })
      response.end(
        JSON.stringify({ error: { message: 'this scripted model answers chat completions' } }),
      )
      return
    }
    answer(parsed, response)
  })
})
server.listen(PORT, '127.0.0.1', () => {
  console.log(
    `scripted model (not a language model) at http://127.0.0.1:${PORT}/v1; Ctrl-C to stop`,
  )
})
