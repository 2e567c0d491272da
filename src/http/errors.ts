import { AgentTwinError, partsOf } from '../core/errors.ts'
import { endSentence } from '../core/sentence.ts'

/**
 * Who sent a refused request, when it can be told: `fetch` / `node:http` (seen
 * by msw), `undici` (its own API or a client of its global dispatcher),
 * `websocket`, `worker` (from a `worker_threads` worker), `dns`, `udp`,
 * `socket` (a raw `net` / `tls` connection or a write on a socket opened
 * before the guard), `tcp_wrap` (a connect through `process.binding`),
 * `http2` (an `http2.connect` session).
 */
export type RefusedClient =
  | 'fetch'
  | 'node:http'
  | 'undici'
  | 'websocket'
  | 'worker'
  | 'dns'
  | 'udp'
  | 'socket'
  | 'tcp_wrap'
  | 'http2'

/** A request no twin handles; the test network never lets it out. */
export interface UnhandledRequest {
  /** `GET`, `POST`, ...; `null` where the protocol carries none (DNS, UDP, a raw connection). */
  method: string | null
  /**
   * The full URL; where the protocol has none, `tcp://host:port`,
   * `tls://host:port`, `udp://host:port`, `dns://host`, `unix:<path>`.
   */
  url: string
  /**
   * `http`: a request the interception saw and no twin owns; `socket`: a
   * connection or datagram below HTTP (or a DNS query); `twin`: a twin owned
   * the request but failed with an error instead of answering (the caller got
   * a 500 the twin did not record).
   */
  layer: 'http' | 'socket' | 'twin'
  /** Who sent it, when that can be told. */
  client?: RefusedClient
  /** The same text the request failed with. */
  message: string
  /**
   * Set when the request came from a scope that had already ended: what
   * ended (`case refund-happy-path`, `test "refunds once"`). The agent did not await it.
   */
  after?: string
}

/** `POST https://x.test/a`, or `dns dns://x.test` where there is no method: never a bare `null`. */
export function describeUnhandled(request: UnhandledRequest): string {
  const what = request.method ?? request.client ?? 'connection'
  const by =
    request.method && request.client && request.client !== 'fetch' && request.client !== 'node:http'
  return by ? `${what} ${request.url} (${request.client})` : `${what} ${request.url}`
}

/** `POST https://x.test/a was sent after case c ended: did the agent await it?` */
export function describeLate(request: UnhandledRequest & { after: string }): string {
  return `${describeUnhandled(request)} was sent after ${request.after} ended: did the agent await it?`
}

/**
 * The error an unhandled request fails with. Code `AGENTTWIN_UNHANDLED_REQUEST`.
 *
 * `errno` is there on purpose: `@mswjs/interceptors` hands errors that look
 * like Node system errors (`code` and `errno`) to the request itself, where
 * any other error would become a 500 response the agent might take for a
 * real server's answer.
 */
export class UnhandledRequestError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNHANDLED_REQUEST'
  readonly errno: number | undefined = undefined
  readonly request: UnhandledRequest

  constructor(request: UnhandledRequest) {
    super(
      partsOf(
        request.message,
        'serve this host with a twin, or allow it for the test network if it really is needed.',
      ),
    )
    this.request = request
  }
}

/** `assertNoUnhandled()` found requests no twin handled. Code `AGENTTWIN_UNHANDLED_REQUESTS`. */
export class UnhandledRequestsError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_UNHANDLED_REQUESTS'
  readonly requests: UnhandledRequest[]

  constructor(requests: UnhandledRequest[]) {
    const count = requests.length === 1 ? '1 request' : `${requests.length} requests`
    const lines = requests.map((request) => `  - ${request.message.split('\n')[0]}`)
    // One request: its own fix, as its message says it. Several: the fix they share, and where each one's is.
    const own = requests.length === 1 ? /^Fix: (.*)$/m.exec(requests[0]!.message)?.[1] : undefined
    super({
      problem: `${count} got no answer from a twin:\n${lines.join('\n')}`,
      fix:
        own ??
        "serve each host with a twin, allow it (network.allowHosts), or stop the code under test from calling it; each request's own message (interception.unhandled) names the host to allow.",
    })
    this.requests = requests
  }
}

/** A second interception while one is live in the same process. Code `AGENTTWIN_INTERCEPTION_ACTIVE`. */
export class InterceptionActiveError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INTERCEPTION_ACTIVE'

  constructor() {
    super({
      problem:
        'An interception is already active in this process: msw patches process-wide globals, so two at once would take requests from each other.',
      fix: 'dispose() the previous interception first (e.g. in afterEach), or share one and add twins to it with use(twin).',
    })
  }
}

/** `use()` on a disposed interception. Code `AGENTTWIN_INTERCEPTION_DISPOSED`. */
export class InterceptionDisposedError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INTERCEPTION_DISPOSED'

  constructor(action: string) {
    super({
      problem: `Cannot ${action}: this interception was disposed.`,
      fix: 'create a new one with createInterception() for each test.',
    })
  }
}

/** Two twins claim the same base URL in one interception. Code `AGENTTWIN_TWIN_BASE_URL_IN_USE`. */
export class TwinBaseUrlInUseError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_TWIN_BASE_URL_IN_USE'

  constructor(baseUrl: string, existing: string, added: string) {
    super({
      problem: `Twin "${added}" cannot be added: twin "${existing}" already answers ${baseUrl}.`,
      fix: 'give each twin its own http.baseUrl, or remove the first one (call the function use() returned) before adding the second.',
    })
  }
}

/** Two tools of a twin answer the same method and path. Code `AGENTTWIN_DUPLICATE_TOOL_ROUTE`. */
export class DuplicateToolRouteError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_DUPLICATE_TOOL_ROUTE'

  constructor(twin: string, route: string, first: string, second: string) {
    super({
      problem: `Twin "${twin}": tools "${first}" and "${second}" both answer ${route}.`,
      fix: 'give one of them another http.path or method.',
    })
  }
}

/** A caller view that cannot be shown as described. Code `AGENTTWIN_INVALID_CALLER_VIEW`. */
export class InvalidCallerViewError extends AgentTwinError {
  static override readonly code = 'AGENTTWIN_INVALID_CALLER_VIEW'

  constructor(tool: string, problem: string) {
    super({
      problem: `The caller view for tool "${tool}" cannot be rendered: ${endSentence(problem)}`,
      fix: "correct the fault type's view() in the catalog.",
    })
  }
}
