import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js'
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  RequestId,
} from '@modelcontextprotocol/sdk/types.js'
import type { McpCallerKind } from '../core/fault-model.ts'

/** The caller facts a transport must render itself: the server never sends a clean response. */
export type TransportFaultKind = Extract<
  McpCallerKind,
  'stream-cut' | 'connection-lost' | 'invalid-jsonrpc'
>

/** A response the gate held back, with what to show the client instead. */
export interface HeldResponse {
  kind: TransportFaultKind
  /** The response the server would have sent. */
  message: JSONRPCMessage
  /** For `invalid-jsonrpc`: the text to send in its place. */
  text: string
}

/**
 * Wraps a server transport so that responses marked by a fault never leave
 * as they are: `onHeld` gets them and renders the fault in the transport's
 * own terms (a cut stream, a dropped connection, text that is not JSON-RPC).
 *
 * @example
 * const gate = new FaultGate(new StdioServerTransport(), (held) => cutOutput(held))
 * await server.connect(gate)
 */
export class FaultGate implements Transport {
  readonly #inner: Transport
  readonly #onHeld: (held: HeldResponse) => void
  readonly #marks = new Map<RequestId, Omit<HeldResponse, 'message'>>()
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void

  constructor(inner: Transport, onHeld: (held: HeldResponse) => void) {
    this.#inner = inner
    this.#onHeld = onHeld
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId
  }

  /** The response to request `id` is to be rendered as `kind`. */
  mark(id: RequestId, kind: TransportFaultKind, text: string): void {
    this.#marks.set(id, { kind, text })
  }

  start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.onmessage?.(message, extra)
    this.#inner.onclose = () => this.onclose?.()
    this.#inner.onerror = (error) => this.onerror?.(error)
    return this.#inner.start()
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const id = 'id' in message && !('method' in message) ? message.id : undefined
    const mark = id === undefined ? undefined : this.#marks.get(id)
    if (id !== undefined && mark) {
      this.#marks.delete(id)
      this.#onHeld({ ...mark, message })
      return Promise.resolve()
    }
    return this.#inner.send(message, options)
  }

  close(): Promise<void> {
    return this.#inner.close()
  }
}
