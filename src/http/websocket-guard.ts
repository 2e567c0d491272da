import type {
  WebSocketClientConnection,
  WebSocketConnectionData,
} from '@mswjs/interceptors/WebSocket'
import { WebSocketHandler, type WebSocketHandlerConnection } from 'msw'

/** What the WebSocket guard needs from the interception. */
export interface WebSocketGuardOptions {
  /** Whether a handshake to `url` may go on to the real server (an allowed host). */
  allows(url: URL): boolean
  /** Whether a handler the user added to the msw server (`server.use(ws.link(...))`) serves `url`. */
  servedElsewhere(url: URL): boolean
  /** Keeps the refusal of a handshake to `url` and returns the error naming it and the fix. */
  refuse(url: string): Error
}

/** Close code for a refused handshake: 1008, "policy violation" (RFC 6455, 7.4.1). */
export const REFUSED_CLOSE_CODE = 1008

/**
 * The msw handler that answers every global `WebSocket` no other handler
 * serves. Without it msw fires a bare `error` event, then lets the handshake
 * go on to the real server. With it the socket never opens, and the caller
 * sees the refusal itself: the `error` event carries it as `message` and
 * `error` (what an `ErrorEvent` has), and the `close` event (code 1008)
 * as `reason`. An allowed host is connected for real.
 *
 * Only what msw intercepts is covered: the global `WebSocket`. A WebSocket
 * class imported from the undici package is refused in the dispatcher, and
 * undici fires its events with an empty reason whatever the cause (the
 * WHATWG algorithm hides why a handshake failed), so there the refusal is
 * only on the case.
 *
 * @example
 * setupServer(router, websocketGuard({ allows: () => false, servedElsewhere: () => false, refuse }))
 */
export function websocketGuard(options: WebSocketGuardOptions): WebSocketHandler {
  return new WebSocketGuardHandler(options)
}

/**
 * A catch-all handler that decides in `run()`, the call msw makes to match a
 * connection: a refused one is answered there (and matched, so msw lets it
 * be); an allowed one is left unmatched, so msw passes it through to the real
 * server. (`ws.link()` would also keep every client in a store shared
 * process-wide, and add a listener to msw's BroadcastChannel, per
 * interception: a leak across cases.)
 */
class WebSocketGuardHandler extends WebSocketHandler {
  readonly #options: WebSocketGuardOptions

  constructor(options: WebSocketGuardOptions) {
    super('*')
    this.#options = options
  }

  override async run(
    connection: WebSocketConnectionData,
  ): Promise<WebSocketHandlerConnection | null> {
    const { client } = connection
    if (this.#options.servedElsewhere(client.url) || this.#options.allows(client.url)) return null
    const error = this.#options.refuse(client.url.href)
    const event = new Event('error')
    Object.defineProperties(event, {
      message: { value: error.message, enumerable: true },
      error: { value: error, enumerable: true },
    })
    // The client connection msw hands over is the interceptor's, which holds the caller's socket.
    const { socket } = client as Partial<WebSocketClientConnection>
    socket?.dispatchEvent(event)
    client.close(REFUSED_CLOSE_CODE, error.message)
    return { ...connection, params: {} }
  }

  /** msw's per-connection console log: the refusal is already on the case and in the events. */
  override log(): () => void {
    return () => {}
  }
}
