import { performance } from 'node:perf_hooks'
import { bypass } from 'msw'
import { withModelHostEgress } from '../http/egress.ts'
import { parseSse, sseStream } from './sse.ts'
import type { CassetteJson, RecordedResponse } from './types.ts'

/** Response headers a cassette keeps: what an SDK reads, never a credential. */
const KEPT_HEADERS = ['content-type', 'retry-after', 'x-request-id', 'request-id']

function keptHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = headers.get(name)
    if (value !== null) kept[name] = value
  }
  return kept
}

function parseBody(text: string): CassetteJson {
  try {
    return JSON.parse(text) as CassetteJson
  } catch {
    return text
  }
}

function isStream(headers: Record<string, string>): boolean {
  return (headers['content-type'] ?? '').includes('text/event-stream')
}

/** A recorded answer as the SDK under test receives it; a stream comes one event per chunk. */
export function replayResponse(recorded: RecordedResponse): Response {
  const headers = new Headers(recorded.headers)
  if (recorded.events)
    return new Response(sseStream(recorded.events), { status: recorded.status, headers })
  const body = recorded.body
  const text =
    body === undefined || body === null
      ? null
      : typeof body === 'string'
        ? body
        : JSON.stringify(body)
  return new Response(text, { status: recorded.status, headers })
}

/** A live answer: what the caller reads, and the recording of it. */
export interface LiveAnswer {
  response: Response
  /**
   * The recording and its latency. A stream is recorded as far as the caller
   * has read it: complete once it was read to the end.
   */
  recorded(): { response: RecordedResponse; latencyMs: number }
}

/**
 * Sends a model request to its provider through the one hole in the network
 * guard (`withModelHostEgress`). A streamed answer is passed to the caller
 * chunk by chunk as it arrives, not buffered first, so the agent sees its first
 * token when the provider sends it; the events are recorded on the way through.
 * @example
 * const live = await sendLive(request)
 * await consume(live.response.body)
 * const { response, latencyMs } = live.recorded()
 */
export async function sendLive(request: Request): Promise<LiveAnswer> {
  const started = performance.now()
  const answer = await withModelHostEgress(new URL(request.url).hostname, () =>
    fetch(bypass(request)),
  )
  const status = answer.status
  const headers = keptHeaders(answer.headers)
  if (!isStream(headers) || answer.body === null) {
    const recorded: RecordedResponse = { status, headers, body: parseBody(await answer.text()) }
    const latencyMs = Math.round(performance.now() - started)
    return {
      response: replayResponse(recorded),
      recorded: () => ({ response: recorded, latencyMs }),
    }
  }
  const reader = answer.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let endedAt: number | undefined
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) {
        text += decoder.decode()
        endedAt = performance.now()
        controller.close()
        return
      }
      text += decoder.decode(value, { stream: true })
      controller.enqueue(value)
    },
    cancel(reason) {
      endedAt ??= performance.now()
      return reader.cancel(reason)
    },
  })
  return {
    response: new Response(body, { status, headers: new Headers(headers) }),
    recorded: () => ({
      response: { status, headers, events: parseSse(text) },
      latencyMs: Math.round((endedAt ?? performance.now()) - started),
    }),
  }
}
