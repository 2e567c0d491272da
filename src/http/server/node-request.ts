import type { IncomingMessage, ServerResponse } from 'node:http'

/** Methods whose requests carry no body in the Fetch API. */
const BODILESS = new Set(['GET', 'HEAD'])

/**
 * The web `Request` for an incoming `node:http` request, so the served twin
 * answers through the very code the msw path uses. Its `signal` aborts when
 * the client goes away before the answer is complete, which ends a held
 * (no-response) or delayed answer the way msw's request signal does.
 */
export async function toWebRequest(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  origin: string,
): Promise<Request> {
  const controller = new AbortController()
  outgoing.on('close', () => {
    if (!outgoing.writableFinished) controller.abort(new Error('the client went away'))
  })
  const headers = new Headers()
  const raw = incoming.rawHeaders
  for (let index = 0; index + 1 < raw.length; index += 2) {
    headers.append(raw[index] as string, raw[index + 1] as string)
  }
  const method = (incoming.method ?? 'GET').toUpperCase()
  const body = BODILESS.has(method) ? undefined : await readBody(incoming)
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    body,
    signal: controller.signal,
  })
}

function readBody(incoming: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    incoming.on('error', reject)
  })
}
