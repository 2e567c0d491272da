import type { CassetteJson, SseEvent } from './types.ts'

function parseData(text: string): CassetteJson {
  try {
    return JSON.parse(text) as CassetteJson
  } catch {
    // `[DONE]` and other plain-text data stay text.
    return text
  }
}

/**
 * Splits a `text/event-stream` body into its events, in order. Only `event`
 * and `data` matter to the model SDKs; comments and `id` / `retry` lines are dropped.
 * @example
 * parseSse('event: ping\ndata: {"a":1}\n\n') // [{ event: 'ping', data: { a: 1 } }]
 */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = []
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\n+/)) {
    let event: string | undefined
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim()
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
    }
    if (data.length === 0 && event === undefined) continue
    const parsed: SseEvent = { data: parseData(data.join('\n')) }
    events.push(event === undefined ? parsed : { event, ...parsed })
  }
  return events
}

/** One event in wire form, as the provider sent it. */
export function formatSseEvent(event: SseEvent): string {
  const data = typeof event.data === 'string' ? event.data : JSON.stringify(event.data)
  const head = event.event === undefined ? '' : `event: ${event.event}\n`
  return `${head}${data
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`
}

/** A body that hands the events over one chunk at a time, so a client parses a real stream. */
export function sseStream(events: readonly SseEvent[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let index = 0
  return new ReadableStream({
    pull(controller) {
      const event = events[index++]
      if (event === undefined) controller.close()
      else controller.enqueue(encoder.encode(formatSseEvent(event)))
    },
  })
}
