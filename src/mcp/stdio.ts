import type { Readable, Writable } from 'node:stream'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import type { Twin } from '../twin/types.ts'
import { FaultGate, type HeldResponse } from './fault-gate.ts'
import { RecordsFile } from './records-file.ts'
import { createTwinServer } from './server.ts'

export interface StdioOptions {
  stdin?: Readable
  stdout?: Writable
  /**
   * `{ twin, records, state }` as JSON: each call's record is appended as it
   * happens, the state is written when the server stops (`null` until then).
   */
  recordsFile?: string
  /** Called with each call's record as soon as the twin made it (e.g. to log it on stderr). */
  onCall?(record: ReturnType<Twin['records']>[number]): void
}

/** A stdio server that runs until its client closes the pipe, or a fault cuts the output. */
export interface StdioServer {
  /** Resolves once the server stopped; the records file is written by then. */
  readonly closed: Promise<void>
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
  const inner = new StdioServerTransport(options.stdin, stdout)
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
  // The client closing our stdin is the end of the session.
  ;(options.stdin ?? process.stdin).once('end', () => void end())
  return { closed, close: end }
}
