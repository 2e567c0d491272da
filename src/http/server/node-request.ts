import type { IncomingMessage, ServerResponse } from 'node:http'
import { AgentTwinError } from '../../core/errors.ts'

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
  maxBodyBytes = Number.POSITIVE_INFINITY,
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
  const body = BODILESS.has(method) ? undefined : await readBody(incoming, maxBodyBytes)
  return new Request(new URL(incoming.url ?? '/', origin), {
    method,
    headers,
    body,
    signal: controller.signal,
  })
}

/** The body was larger than the server reads; nothing of it is kept. Code `AGENTTWIN_SERVE_BODY_TOO_LARGE`. */
export class BodyTooLargeError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_SERVE_BODY_TOO_LARGE'

  constructor(readonly limit: number) {
    super({
      problem: `The request body is over ${limit} bytes.`,
      fix: 'send less, or raise maxBodyBytes.',
    })
  }
}

/** Reads the body, refusing it as soon as it passes `limit` bytes (announced or sent). */
function readBody(incoming: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const announced = Number(incoming.headers['content-length'])
    if (Number.isFinite(announced) && announced > limit) {
      incoming.resume()
      reject(new BodyTooLargeError(limit))
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        chunks.length = 0
        incoming.removeAllListeners('data')
        incoming.resume()
        reject(new BodyTooLargeError(limit))
        return
      }
      chunks.push(chunk)
    })
    incoming.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))))
    incoming.on('error', reject)
  })
}
