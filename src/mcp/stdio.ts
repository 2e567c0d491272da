import type { Readable, Writable } from 'node:stream'
import { LimitExceededError, resourceLimit } from '../core/limits.ts'
import type { Twin } from '../twin/types.ts'
import { FaultGate, type HeldResponse } from './fault-gate.ts'
import { RecordsFile } from './records-file.ts'
import { StdioServerTransport } from './sdk.ts'
import { createTwinServer } from './server.ts'

export interface StdioOptions {
  stdin?: Readable
  stdout?: Writable
  /**
   * `{ twin, records, state }` as JSON: each call's record is appended as it
   * happens, the state is written when the server stops (`null` until then).
   */
  recordsFile?: string
  /**
   * The longest JSON-RPC line read from stdin, in bytes. A longer one ends
   * the session (the SDK cannot find where the next message starts) and
   * `failure` says why. Default `resourceLimit('mcpMessageBytes')` (10 MiB).
   */
  maxMessageBytes?: number
  /** Called with each call's record as soon as the twin made it (e.g. to log it on stderr). */
  onCall?(record: ReturnType<Twin['records']>[number]): void
}

/** A stdio server that runs until its client closes the pipe, or a fault cuts the output. */
export interface StdioServer {
  /** Resolves once the server stopped; the records file is written by then. */
  readonly closed: Promise<void>
  /** Why the session ended on its own, when it was not the client hanging up (a message over the limit). */
  readonly failure: LimitExceededError | undefined
  close(): Promise<void>
}

/**
 * Serves a twin over MCP's stdio transport (newline-delimited JSON-RPC), for
 * clients that spawn their servers. Faults that cut the stream or drop the
 * connection end the output the way a crashing server would: a half-written
 * line, or nothing, then the pipe closes. The records stay readable in
 * `recordsFile` and as the `agenttwin://records` resource while it runs.
 *
 * @example
 * const server = await serveStdio(twin, { recordsFile: 'records.json' })
 * await server.closed
 */
export async function serveStdio(twin: Twin, options: StdioOptions = {}): Promise<StdioServer> {
  const stdout = options.stdout ?? process.stdout
  const maxMessageBytes = options.maxMessageBytes ?? resourceLimit('mcpMessageBytes')
  const inner = new StdioServerTransport(options.stdin, stdout, { maxBufferSize: maxMessageBytes })
  let failure: LimitExceededError | undefined
  const recordsFile = options.recordsFile
    ? new RecordsFile(options.recordsFile, twin.name)
    : undefined
  let finish = () => {}
  const closed = new Promise<void>((resolve) => {
    finish = resolve
  })
  let ended = false
  const end = async () => {
    if (ended) return
    ended = true
    recordsFile?.close(twin.state())
    await server.close().catch(() => {})
    stdout.end?.()
    finish()
  }
  const onHeld = (held: HeldResponse) => {
    if (held.kind === 'invalid-jsonrpc') {
      stdout.write(`${held.text}\n`)
      return
    }
    if (held.kind === 'stream-cut') {
      const line = JSON.stringify(held.message)
      stdout.write(line.slice(0, Math.floor(line.length / 2)))
    }
    void end()
  }
  const gate = new FaultGate(inner, onHeld)
  const observed: Twin = new Proxy(twin, {
    get(target, key) {
      if (key === 'call') {
        return (call: Parameters<Twin['call']>[0]) => {
          const outcome = target.call(call)
          recordsFile?.append(outcome.record)
          options.onCall?.(outcome.record)
          return outcome
        }
      }
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const server = createTwinServer({ twin: () => observed, gate })
  server.onclose = () => void end()
  await server.connect(gate)
  // The SDK drops its buffer and closes on a line over its limit, telling only
  // onerror: keep that as the reason the session ended.
  const forward = inner.onerror
  inner.onerror = (error) => {
    if (/ReadBuffer exceeded maximum size/.test(error.message)) {
      failure ??= new LimitExceededError(
        'mcpMessageBytes',
        'A JSON-RPC message on stdin',
        undefined,
        maxMessageBytes,
      )
    }
    forward?.(error)
    // Nothing more is read: let go of stdin, or its open pipe keeps the process alive.
    if (failure) (options.stdin ?? process.stdin).destroy()
  }
  // The client closing our stdin is the end of the session.
  ;(options.stdin ?? process.stdin).once('end', () => void end())
  return {
    closed,
    get failure() {
      return failure
    },
    close: end,
  }
}
