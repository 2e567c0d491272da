import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'

/** Statuses whose responses cannot carry a body (Fetch spec). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/** The body bytes that arrived, and whether the body ended normally. */
async function readBody(response: Response): Promise<{ bytes: Buffer; complete: boolean }> {
  if (!response.body) return { bytes: Buffer.alloc(0), complete: true }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { bytes: Buffer.concat(chunks), complete: true }
      chunks.push(value)
    }
  } catch {
    // The rendered body fails after its bytes: a truncated response.
    return { bytes: Buffer.concat(chunks), complete: false }
  }
}

function nodeHeaders(headers: Headers): OutgoingHttpHeaders {
  const result: OutgoingHttpHeaders = {}
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') result[name] = value
  })
  const cookies = headers.getSetCookie()
  if (cookies.length > 0) result['set-cookie'] = cookies
  return result
}

/** Resets the connection (TCP RST), so the client's read fails with ECONNRESET. */
function resetConnection(outgoing: ServerResponse): void {
  const socket = outgoing.socket
  if (socket && !socket.destroyed) socket.resetAndDestroy()
  else outgoing.destroy()
}

/**
 * Sends what the twin rendered to a real client:
 * - a network-error `Response` (a connection-error view) resets the
 *   connection; one for a caller already gone just closes it;
 * - a body that fails after some bytes (a truncated view) goes out with its
 *   announced Content-Length, then the connection closes short of it;
 * - any other response goes out whole, with its exact Content-Length.
 */
export async function sendWebResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  if (response.type === 'error') {
    // failConnection() tags the response with the system error's code; nobodyListens() does not.
    if ((response as { code?: unknown }).code !== undefined) resetConnection(outgoing)
    else outgoing.destroy()
    return
  }
  const { bytes, complete } = await readBody(response)
  const headers = nodeHeaders(response.headers)
  if (complete) {
    if (!NULL_BODY_STATUSES.has(response.status)) headers['content-length'] = bytes.byteLength
    outgoing.writeHead(response.status, headers)
    outgoing.end(bytes)
    return
  }
  outgoing.writeHead(response.status, headers)
  outgoing.flushHeaders()
  if (bytes.byteLength === 0) {
    setImmediate(() => outgoing.destroy())
    return
  }
  outgoing.write(bytes, () => outgoing.destroy())
}
